/** Label icons are static files named after the label's icon slug. */
export function labelIconSrc(icon: string): string {
  return `/labels/${encodeURIComponent(icon)}.svg`;
}

/** Shown when a plan has no image of its own (or it fails to load). */
export const PLAN_DEFAULT_IMAGE = '/images/plan-default.svg';
