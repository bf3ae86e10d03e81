import { PLAN_DESCRIPTION_CUT } from '@ember/contracts/constants';
import { markdownToPlainText } from '@ember/contracts/plain-text';

/** Spec §9: a plan description in the dashboard, as plain text cut at 200 characters. */
export function cutDescription(markdown: string): string {
  const text = markdownToPlainText(markdown);
  return text.length > PLAN_DESCRIPTION_CUT ? `${text.slice(0, PLAN_DESCRIPTION_CUT)}…` : text;
}
