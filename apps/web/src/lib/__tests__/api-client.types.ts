/**
 * Compile-time checks of the typed client (run by `npm run typecheck`, never executed): every
 * `@ts-expect-error` below must stay an error, so if the client's typing loosens (an `any`, a
 * path no longer checked) typecheck fails on the now unused directive.
 */
import type { Me, ProjectWithUsers, TaskFile, TaskSummary } from '@devmarket/contract';
import type { Answer, PathParams } from '@devmarket/contract/endpoints';
import { api } from '../api-client';
import { uploadWithProgress } from '../upload';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(_ok?: T) => {};

assert<Equal<PathParams<'/tasks/:id/files/:fileId'>, { id: string } & { fileId: string }>>();
assert<Equal<Answer<'GET', '/projects/id/:id'>, ProjectWithUsers>>();

export async function typedCalls(id: string, form: FormData) {
  // Answers are the contract's types.
  const project: ProjectWithUsers = await api.get('/projects/id/:id', { params: { id } });
  const me: Me = await api.get('/user');
  const moved: TaskSummary = await api.post('/tasks/:id/stage', { params: { id }, body: { stage: 'Review' } });
  const file: TaskFile = await uploadWithProgress('/tasks/:id/upload', { params: { id }, body: form }, () => {});
  // @ts-expect-error the answer is a project, not a task
  const wrongAnswer: TaskSummary = await api.get('/projects/id/:id', { params: { id } });

  // @ts-expect-error a path the server does not have
  await api.get('/projects/nope');
  // @ts-expect-error GET /tasks does not exist (only POST)
  await api.get('/tasks');
  // @ts-expect-error a path with :params needs them
  await api.get('/tasks/:id');
  // @ts-expect-error a param of another name
  await api.get('/tasks/:id', { params: { taskId: id } });
  // @ts-expect-error a body the route does not take
  await api.post('/tasks/:id/stage', { params: { id }, body: { stage: 'Review', extra: 1 } });
  // @ts-expect-error a body of the wrong type
  await api.post('/auth/login', { body: { email: 1, password: 'x' } });
  // @ts-expect-error a required body left out
  await api.post('/auth/login');
  // @ts-expect-error a body on a route that takes none
  await api.post('/threads/:id/read', { params: { id }, body: {} });
  // @ts-expect-error a query on a route that takes none
  await api.get('/user', { query: { page: 1 } });
  // @ts-expect-error a query field the route does not take
  await api.get('/users/talent', { query: { pages: 1 } });
  // @ts-expect-error uploads only to multipart routes
  await uploadWithProgress('/tasks', { body: form }, () => {});
  return { project, me, moved, file, wrongAnswer };
}
