const MAX_NAME = 200;
const MIME_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,99}$/;

/**
 * A file name safe to store and to send back: no directories (either slash), no control or
 * bidirectional-override characters, no leading dots, at most 200 characters.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    // A lone surrogate has no UTF-8 form: PostgreSQL could not store the name.
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!clean) return 'file';
  if (clean.length <= MAX_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return clean.slice(0, MAX_NAME - ext.length) + ext;
}

/** The declared type when it is a well-formed media type, otherwise a generic binary type. */
export function sanitizeMime(raw: string | undefined): string {
  const mime = (raw ?? '').toLowerCase().split(';')[0].trim();
  return MIME_RE.test(mime) ? mime : 'application/octet-stream';
}

/** `Content-Disposition: attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
