import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { activeFakeApi, setActiveFakeApi } from './active-fake-api';

// Pages are lazy chunks that vitest transforms on first import: give `findBy…` time for that. On a
// machine running two suites at once beside other work (issue 26's load test, load ≈ 15 on 2
// cores) the first import of /account or /admin took more than 10 s; the limit catches a page
// that never comes, not a slow one.
configure({ asyncUtilTimeout: 25_000 });

afterEach(() => {
  cleanup();
  const unhandled = activeFakeApi()?.unhandled ?? [];
  setActiveFakeApi(null);
  vi.unstubAllGlobals();
  expect(unhandled, 'requests the test did not answer').toEqual([]);
});
