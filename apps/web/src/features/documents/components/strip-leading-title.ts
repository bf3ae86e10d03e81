/** Drops a leading "# Title" line: the page header already shows the title as the page's h1. */
export function stripLeadingTitle(markdown: string): string {
  return markdown.replace(/^\uFEFF?\s*#[ \t]+[^\n]*\n?/, '');
}
