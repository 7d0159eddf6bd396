/** The login page's redirect query is the base64 of a path (spec §2); unicode-safe both ways. */
export function encodeRedirect(path: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(path)));
}

/** Returns a same-site path, or null for anything else (no open redirects). */
export function decodeRedirect(value: string | null): string | null {
  if (!value) return null;
  try {
    const path = new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
    return path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
