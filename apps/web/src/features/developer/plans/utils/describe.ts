import { PLAN_DESCRIPTION_CUT } from '@ember/contracts/constants';
import { markdownToPlainText } from '@ember/contracts/plain-text';

/** The markup that would be left open by a cut: emphasis, code and strike-through markers. */
const PAIRED_MARKERS = ['**', '__', '~~', '`'] as const;

/**
 * Spec §9: a plan description in the dashboard, cut at 200 characters of its text, still markdown
 * (rendered as on the plan page: issue 26, item 6). The cut falls at a word, never inside a link,
 * and closes the emphasis it leaves open, so the shortened text renders as the start of the full one.
 */
export function cutDescription(markdown: string): string {
  const source = markdown.trim();
  if (markdownToPlainText(source).length <= PLAN_DESCRIPTION_CUT) return source;
  // The longest start whose text fits.
  let low = 0;
  let high = source.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (markdownToPlainText(source.slice(0, middle)).length <= PLAN_DESCRIPTION_CUT) low = middle;
    else high = middle - 1;
  }
  let cut = source.slice(0, low);
  const lastSpace = cut.search(/\s\S*$/);
  if (lastSpace > low * 0.6) cut = cut.slice(0, lastSpace);
  // Not inside a link or a picture: cut before its opening bracket.
  const open = cut.lastIndexOf('[');
  if (open > cut.lastIndexOf(']') || cut.lastIndexOf('](') > cut.lastIndexOf(')')) {
    cut = cut.slice(0, cut.lastIndexOf('[')).replace(/!$/, '');
  }
  cut = cut.replace(/[\s.,;:!?-]+$/, '');
  const closing = PAIRED_MARKERS.filter((marker) => cut.split(marker).length % 2 === 0)
    .reverse()
    .join('');
  return `${cut}…${closing}`;
}

/** Words compared without case, markup or extra spaces: "## **Agility**  Pro" is "agility pro". */
const sameWords = (a: string, b: string) =>
  markdownToPlainText(a).trim().toLowerCase() === markdownToPlainText(b).trim().toLowerCase();

/**
 * A description without its first line when that line is a heading saying the plan's name: in a row
 * that already names the plan, "## Agility" under "Agility" says nothing (issue 34). An ATX heading
 * (`# Name`, closing hashes allowed) or a setext one (`Name` over `===` or `---`).
 */
export function withoutLeadingTitle(markdown: string, planName: string): string {
  const lines = markdown.trim().split(/\r?\n/);
  const [first = '', second = ''] = lines;
  const atx = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(first);
  if (atx && sameWords(atx[1] ?? '', planName)) return lines.slice(1).join('\n').trim();
  if (/^ {0,3}(=+|-+)[ \t]*$/.test(second) && sameWords(first, planName)) {
    return lines.slice(2).join('\n').trim();
  }
  return markdown;
}
