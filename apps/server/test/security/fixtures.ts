import type { FastifyInstance } from 'fastify';
import { sessionsRepo } from '../../src/modules/auth/sessions.repo';
import { fundUser } from '../factories/money';
import { addMember, createProject } from '../factories/projects';
import { createStaff, createUser } from '../factories/users';
import { call } from '../helper';

export const ACTORS = ['guest', 'unverified', 'developer', 'client', 'otherOwner', 'member', 'staff', 'owner'] as const;
export type Actor = (typeof ACTORS)[number];

/** A multipart body with one file part. */
export function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----devmarket-sec-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * The people and things the security tests walk over: one actor of each kind with a token, a
 * private project (owner + member) with a task, a file and a comment, a public project with an
 * applicant, a thread between owner and member, and a pending deposit of the owner.
 */
export async function buildWorld(app: FastifyInstance) {
  const ok = (r: { status: number; body: unknown }, what: string) => {
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as any;
  };
  const owner = await createUser(app, { type: 'Client', firstName: 'Olive' });
  const otherOwner = await createUser(app, { type: 'Client', firstName: 'Otto' });
  const client = await createUser(app, { type: 'Client', firstName: 'Cleo' });
  const member = await createUser(app, { type: 'Developer', firstName: 'Mia' });
  const developer = await createUser(app, { type: 'Developer', firstName: 'Dev' });
  const unverified = await createUser(app, { type: 'Developer', firstName: 'Uma', verified: false });
  const applicant = await createUser(app, { type: 'Developer', firstName: 'Abe' });
  const staff = await createStaff(app);
  // Targets of the table's invite and remove calls (never actors themselves).
  const invitee = await createUser(app, { type: 'Developer', firstName: 'Ivy' });
  const invitee2 = await createUser(app, { type: 'Developer', firstName: 'Ian' });
  const teammate = await createUser(app, { type: 'Developer', firstName: 'Tea' });

  const project = await createProject(app, owner.user.id, { visibility: 'Private' });
  await addMember(app, project.id, member.user.id);
  const publicProject = await createProject(app, owner.user.id, { visibility: 'Public' });
  await addMember(app, publicProject.id, member.user.id);
  await addMember(app, project.id, teammate.user.id);
  const otherProject = await createProject(app, otherOwner.user.id, { visibility: 'Private' });
  const spareProject = await createProject(app, owner.user.id, { visibility: 'Private' });
  await addMember(app, spareProject.id, member.user.id);
  ok(
    await call(app, 'POST', `/invites/projects/${project.id}`, {
      token: owner.token,
      body: { userID: invitee.user.id },
    }),
    'invite',
  );

  const task = ok(
    await call(app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'Secure the API', description: 'Walk every route' },
    }),
    'create task',
  );
  const publicTask = ok(
    await call(app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: publicProject.id, summary: 'A public task' },
    }),
    'create public task',
  );
  const upload = async (taskId: string) => {
    const m = multipart('file', 'notes.txt', 'text/plain', Buffer.from('secret notes'));
    return ok(
      await call(app, 'POST', `/tasks/${taskId}/upload`, {
        token: owner.token,
        body: m.payload,
        headers: { 'content-type': m.contentType },
      }),
      'upload',
    );
  };
  const file = await upload(task.id);
  void file;
  const publicFile = await upload(publicTask.id);
  ok(
    await call(app, 'POST', `/tasks/${task.id}/activity`, { token: member.token, body: { text: 'On it' } }),
    'comment',
  );

  const application = ok(
    await call(app, 'POST', `/applications/project/${publicProject.id}/apply`, {
      token: applicant.token,
      body: { message: 'I would like to help.' },
    }),
    'apply',
  );
  const applications = ok(
    await call(app, 'GET', `/project/${publicProject.id}/applicants`, { token: owner.token }),
    'applicants',
  );
  const applicationId: string = application?.id ?? applications[0]?.id;
  const message = ok(
    await call(app, 'POST', '/messages', { token: owner.token, body: { to: member.user.id, text: 'Hello there' } }),
    'message',
  );
  await fundUser(app, owner.user.id, '500');
  const deposit = ok(
    await call(app, 'POST', '/user/deposit', { token: owner.token, body: { currency: 'USDT' } }),
    'deposit',
  );
  const avatar = multipart('image', 'me.png', 'image/png', PNG);
  const image = ok(
    await call(app, 'POST', '/user/image', {
      token: owner.token,
      body: avatar.payload,
      headers: { 'content-type': avatar.contentType },
    }),
    'avatar',
  );

  const users = {
    owner,
    otherOwner,
    client,
    member,
    developer,
    unverified,
    staff,
    applicant,
    invitee,
    invitee2,
    teammate,
  };
  return {
    users,
    tokens: {
      guest: undefined,
      unverified: unverified.token,
      developer: developer.token,
      client: client.token,
      otherOwner: otherOwner.token,
      member: member.token,
      staff: staff.token,
      owner: owner.token,
    } as Record<Actor, string | undefined>,
    project,
    publicProject,
    otherProject,
    spareProject,
    upload,
    task: task as { id: string; identifier: string },
    publicTask: publicTask as { id: string; identifier: string },
    file: file as { id: string },
    publicFile: publicFile as { id: string },
    applicationId,
    threadID: message.threadID as string,
    transactionID: deposit.transactionID as string,
    imageFile: String(image.image),
    /** A second token for an actor's own user (for calls that revoke the token they use). */
    freshToken: async (actor: Actor) =>
      actor === 'guest'
        ? undefined
        : sessionsRepo.create(
            app.db,
            users[actor as Exclude<Actor, 'guest'>].user.id,
            { userAgent: null, ip: null },
            app.ctx.now(),
          ),
  };
}
