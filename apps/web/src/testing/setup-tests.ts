import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { activeFakeApi, setActiveFakeApi } from './active-fake-api';

// Pages are lazy chunks that vitest transforms on first import: give `findBy…` time for that.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  const unhandled = activeFakeApi()?.unhandled ?? [];
  setActiveFakeApi(null);
  vi.unstubAllGlobals();
  expect(unhandled, 'requests the test did not answer').toEqual([]);
});
