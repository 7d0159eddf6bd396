import Link from '@mui/material/Link';
import { Fragment } from 'react';

/** http(s) addresses and www. names in plain text; nothing else (no `javascript:`, no `data:`) becomes a link. */
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.dev."). */
const TRAILING = /[.,;:!?)\]}]+$/;

export type TextPart = { text: string; href?: string };

/** Splits plain text into text and safe links (issue 28: links in messages are clickable). */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    let raw = m[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trail.length);
    const start = m.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
    let ok = false;
    try {
      const u = new URL(href);
      ok = u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      ok = false;
    }
    parts.push(ok ? { text: raw, href } : { text: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Plain text whose web addresses are links that open in a new tab without handing over this page. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((p, i) =>
        p.href ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text
            key={i}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            color="inherit"
            underline="always"
          >
            {p.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
