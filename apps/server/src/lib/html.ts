/**
 * Text for HTML: element content or a double-quoted attribute value (the only places we write it:
 * the mails, the workspace frame's project name).
 */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
