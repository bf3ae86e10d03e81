import type { PlanDetail, SubCount } from '@ember/contracts/catalog';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, mockApi } from '../../../test/mock-api.ts';
import { vipLookupAnswer } from '../../../test/test-users.ts';

/** What the plan page's tests share: the API of a plan page, and the parts of the page they read. */

export type Handlers = Parameters<typeof mockApi>[0];

export const LOOKUP = 'GET /api/shop/users/lookup';
export const MY_SUBSCRIPTIONS = 'GET /api/shop/subscriptions/my';

export function mockPlan(plan: PlanDetail | Response, subCounts: SubCount[] = [], extra: Handlers = {}) {
  return mockApi({
    [MY_SUBSCRIPTIONS]: () => json([]),
    [LOOKUP]: ({ url }) => vipLookupAnswer(url),
    ...extra,
    [`GET /api/shop/plans/${plan instanceof Response ? 10 : plan.id}`]: () =>
      plan instanceof Response ? plan : json(plan),
    [`GET /api/shop/sub-counts/plan/${plan instanceof Response ? 10 : plan.id}`]: () => json(subCounts),
    // Reviews (issue 35): none yet, and the signed-in visitor may not write one.
    [`GET /api/shop/plans/${plan instanceof Response ? 10 : plan.id}/reviews`]: () =>
      json({ content: [], totalPages: 0, totalElements: 0, summary: { average: null, count: 0 } }),
    [`GET /api/shop/plans/${plan instanceof Response ? 10 : plan.id}/reviews/mine`]: () =>
      json({
        review: null,
        canReview: false,
        refusal: null,
        ranSeconds: null,
        isPlanOwner: false,
        canHide: false,
      }),
  });
}

export const option = (priceId: number) =>
  document.querySelector(`[data-price-id="${priceId}"]`) as HTMLElement;

/** The purchase confirmation: the total, then Pay. */
export async function confirmPurchase() {
  const dialog = await screen.findByRole('dialog', { name: /^Buy / });
  fireEvent.click(within(dialog).getByRole('button', { name: /^Pay |^Get it for free$/ }));
  return dialog;
}

/** What a field says under it (its hint, or its error), as a screen reader hears it with the field. */
export const fieldNote = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
