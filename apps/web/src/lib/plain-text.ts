/**
 * Markdown as plain text for one-line summaries (talent cards, previews): "**web apps**" reads
 * "web apps", "[site](https://x)" reads "site", headings, quotes, list markers, code fences, images
 * and HTML tags go. Not a renderer: for the full text use components/markdown.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      // Fenced code: keep the code, drop the fences.
      .replace(/^\s*(```|~~~)[^\n]*$/gm, '')
      // Images ![alt](url) → alt; links [text](url) and [text][ref] → text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      // Reference definitions "[id]: url".
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, '')
      // HTML tags.
      .replace(/<\/?[a-z][^>]*>/gi, '')
      // Headings, quotes, list markers and task boxes at the start of a line.
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s*>\s?/gm, '')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, '')
      // Horizontal rules.
      .replace(/^\s*(?:[-*_]\s*){3,}$/gm, '')
      // Emphasis, strong, strikethrough, inline code.
      .replace(/(\*\*|\*)(?=\S)([^*\n]*?\S)\1/g, '$2')
      // Underscores only around words, not inside them (snake_case stays).
      .replace(/(^|\W)(__|_)(?=\S)([^_\n]*?\S)\2(?=\W|$)/g, '$1$3')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/`([^`]+)`/g, '$1')
      // Backslash escapes.
      .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
