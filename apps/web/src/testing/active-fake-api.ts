import type { FakeApi } from './fake-api';

/**
 * The FakeApi of the running test, checked for unanswered calls after each test. Its own module,
 * so the setup file imports no app code (a test's vi.mock must still see modules unloaded).
 */
let active: FakeApi | null = null;
export const activeFakeApi = () => active;
export const setActiveFakeApi = (api: FakeApi | null) => {
  active = api;
};
