import { describe, expect, it } from 'vitest';
import './zod-config';
import { config } from 'zod/v4/core';
import { z } from 'zod';

describe('zod-config', () => {
  it("sets zod's own configuration: the web app parses without compiling (no eval probe under the CSP)", () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
