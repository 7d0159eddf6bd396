import { describe, expect, it } from 'vitest';
import { decodeRedirect, encodeRedirect } from '../base64';

describe('login redirect query', () => {
  it('is the base64 of a path, unicode included', () => {
    expect(encodeRedirect('/finances')).toBe(btoa('/finances'));
    expect(decodeRedirect(encodeRedirect('/dev/zoë?tab=1'))).toBe('/dev/zoë?tab=1');
  });

  it('refuses anything that is not a same-site path', () => {
    expect(decodeRedirect(btoa('https://evil.example'))).toBeNull();
    expect(decodeRedirect(btoa('//evil.example'))).toBeNull();
    expect(decodeRedirect('%%%')).toBeNull();
    expect(decodeRedirect(null)).toBeNull();
  });
});
