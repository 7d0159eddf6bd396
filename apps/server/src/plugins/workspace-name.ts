import { ACCESS_COOKIE } from '@devmarket/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { sessionsRepo } from '../modules/auth';
import { loadVisibleProject } from '../modules/projects';
import type { ProjectRef } from './static';

/**
 * The project's name for the workspace frame sent with the page (plugins/static.ts, issue 33):
 * for a signed-in viewer who may see the project, by the rule of GET /projects/{handle}; null for
 * anyone else. A failure is logged and gives null too: the page never fails over its placeholder.
 */
export function workspaceProjectName(app: FastifyInstance) {
  return async (req: FastifyRequest, ref: ProjectRef): Promise<string | null> => {
    const token = req.cookies?.[ACCESS_COOKIE];
    if (!token || token.length > 200) return null;
    try {
      const session = await sessionsRepo.lookup(app.db, token, app.ctx.now());
      if (!session) return null;
      const { project } = await loadVisibleProject(app.db, ref, session.user);
      return project.name;
    } catch (err) {
      if (!(err instanceof AppError)) req.log.warn({ err }, 'the workspace frame went without its project name');
      return null;
    }
  };
}
