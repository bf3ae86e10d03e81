/** Label icons are static files named after the label's icon slug. */
export function labelIconSrc(icon: string): string {
  return `/labels/${encodeURIComponent(icon)}.svg`;
}

/** Shown when a plan has no image of its own (or it fails to load). */
export const PLAN_DEFAULT_IMAGE = '/images/plan-default.svg';

/**
 * Plans without a picture of their own share the default image; each gets its own tint (from its
 * id, so it stays the same on every visit) and its first skill icon, so the cards tell apart.
 */
export function defaultCoverHue(planId: number): number {
  return (planId * 67) % 360;
}
