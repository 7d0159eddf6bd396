import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_MSG, type TaskFile } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { assertMember } from '../tasks';
import { loadTaskAccess } from '../tasks';
import { usersRepo } from '../users';
import { signFileLink, verifyFileLink } from './file-links';
import { sanitizeFileName, sanitizeMime } from './file-names';
import { type FileRow, filesRepo } from './files.repo';
import { storageFor } from '../../lib/storage';

type Actor = { id: string };
export type IncomingFile = { filename: string; mimetype: string; file: Readable & { truncated?: boolean } };

const toFile = (f: FileRow): TaskFile => ({
  id: f.id,
  name: f.name,
  date: f.createdAt.toISOString(),
  size: f.size,
  mime: f.mime,
});

/** Members only: the check runs before a byte of the body is read. */
export async function assertCanChangeFiles(ctx: AppContext, actor: Actor, taskId: string) {
  const { access } = await loadTaskAccess(ctx, actor, taskId);
  assertMember(access);
}

/**
 * POST /tasks/{id}/upload: streams the file to storage, then records it. A file over the limit is
 * refused with 413 and leaves nothing behind; a failed insert removes the stored bytes.
 */
export async function uploadFile(ctx: AppContext, actor: Actor, taskId: string, part: IncomingFile | undefined) {
  if (!part) throw invalid({ file: FILE_MSG.missing });
  const storage = storageFor(ctx.config);
  const id = randomUUID();
  const key = `tasks/${taskId}/${id}`;
  const { size } = await storage.put(key, part.file);
  if (part.file.truncated) {
    await storage.delete(key);
    throw new AppError('TOO_LARGE', FILE_MSG.tooLarge(ctx.config.uploadLimitBytes));
  }
  if (size === 0) {
    await storage.delete(key);
    throw invalid({ file: FILE_MSG.empty });
  }
  try {
    const row = await filesRepo.insert(ctx.db, {
      id,
      taskId,
      uploaderId: actor.id,
      name: sanitizeFileName(part.filename ?? ''),
      mime: sanitizeMime(part.mimetype),
      size,
      storageKey: key,
    });
    return toFile(row);
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}

async function findFile(ctx: AppContext, taskId: string, fileId: string) {
  const row = await filesRepo.findInTask(ctx.db, taskId, fileId);
  if (!row) throw notFound('File not found');
  return row;
}

/** GET …/download: members only (outsiders of a public project see names, not contents). */
export async function openFile(ctx: AppContext, actor: Actor, taskId: string, fileId: string) {
  await assertCanChangeFiles(ctx, actor, taskId);
  const row = await findFile(ctx, taskId, fileId);
  const stored = await storageFor(ctx.config).get(row.storageKey);
  if (!stored) throw notFound('File not found');
  return { file: toFile(row), ...stored };
}

/**
 * POST …/{fileId}/link: the same members-only rule as the download, answered with a download
 * address that carries a 60-second link for this file instead of the session token.
 */
export async function createFileLink(ctx: AppContext, actor: Actor, taskId: string, fileId: string) {
  await assertCanChangeFiles(ctx, actor, taskId);
  await findFile(ctx, taskId, fileId);
  const token = signFileLink(ctx.config.secret, { taskId, fileId }, actor.id);
  return { url: `/api/v1/tasks/${taskId}/files/${fileId}/download?token=${token}` };
}

/** The user a download link was made for; 401 when it is expired, altered or for another file. */
export async function userOfFileLink(ctx: AppContext, token: string, taskId: string, fileId: string) {
  const userId = verifyFileLink(ctx.config.secret, token, { taskId, fileId });
  const user = userId ? await usersRepo.findById(ctx.db, userId) : undefined;
  if (!user) throw new AppError('UNAUTHENTICATED', FILE_MSG.linkExpired);
  return user;
}

/** DELETE …/{fileId}: members only; the row goes first, then the bytes. */
export async function deleteFile(ctx: AppContext, actor: Actor, taskId: string, fileId: string) {
  await assertCanChangeFiles(ctx, actor, taskId);
  const row = await findFile(ctx, taskId, fileId);
  await filesRepo.delete(ctx.db, row.id);
  await storageFor(ctx.config).delete(row.storageKey);
  return { ok: true as const };
}
