/** Meta descriptions (the plan page, link previews) are cut here: what search engines show. */
export const META_DESCRIPTION_LENGTH = 155;

/** Markdown to one line of plain text (for meta tags): no markup, no HTML, collapsed spaces. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*([-*_]\s*){3,}$/gm, ' ')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first ~155 characters, cut at a word with an ellipsis when longer. */
export function truncateText(text: string, max = META_DESCRIPTION_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * Plan descriptions often open with a heading repeating the plan's name, which the page shows
 * already: that first heading is dropped.
 */
export function withoutLeadingTitle(markdown: string, title: string): string {
  const match = /^\s*#{1,6}\s+(.+?)\s*#*\s*(\r?\n|$)/.exec(markdown);
  if (!match || match[1]?.trim().toLowerCase() !== title.trim().toLowerCase()) return markdown;
  return markdown.slice(match[0].length).trimStart();
}
