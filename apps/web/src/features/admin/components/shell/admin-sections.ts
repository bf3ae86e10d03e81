import { type PreloadableLazy, preloadableLazy } from '../../../../lib/preloadable-lazy.ts';

/** The sections of /admin, in nav order; `?section=<id>` opens one (controls by default). */
export const ADMIN_SECTION_IDS = [
  'controls',
  'products',
  'repositories',
  'users',
  'transactions',
  'audit-trail',
  'failed-jobs',
] as const;
export type AdminSectionId = (typeof ADMIN_SECTION_IDS)[number];

/** The URL parameter naming the open section, and the users section's search text. */
export const SECTION_PARAM = 'section';
export const USER_SEARCH_PARAM = 'q';

export interface AdminSection {
  id: AdminSectionId;
  label: string;
  /** One line under the label in the side nav. */
  summary: string;
  /** The section's code, downloaded when it first opens (or when its link is hovered). */
  component: PreloadableLazy<() => React.JSX.Element | null>;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'controls',
    label: 'Controls',
    summary: 'Sessions, loader, classpath, updates',
    component: preloadableLazy(() => import('../controls/controls-section.tsx')),
  },
  {
    id: 'products',
    label: 'Products',
    summary: 'Prices, limits, stock, bulk discounts',
    component: preloadableLazy(() => import('../products/products-section.tsx')),
  },
  {
    id: 'repositories',
    label: 'Repositories',
    summary: 'Developer repos, approvals, updates',
    component: preloadableLazy(() => import('../repositories/repositories-section.tsx')),
  },
  {
    id: 'users',
    label: 'Users',
    summary: 'Accounts, bans, VIP, transfers',
    component: preloadableLazy(() => import('../users/users-section.tsx')),
  },
  {
    id: 'transactions',
    label: 'Transactions',
    summary: 'The ledger and trial balance',
    component: preloadableLazy(() => import('../ledger/transactions-section.tsx')),
  },
  {
    id: 'audit-trail',
    label: 'Audit trail',
    summary: 'Every staff action',
    component: preloadableLazy(() => import('../ledger/audit-trail-section.tsx')),
  },
  {
    id: 'failed-jobs',
    label: 'Failed jobs',
    summary: 'Background jobs that gave up',
    component: preloadableLazy(() => import('../ledger/failed-jobs-section.tsx')),
  },
];

/** The section a `?section=` value names; anything else opens the default one. */
export function adminSectionOf(value: string | null): AdminSection {
  const found = ADMIN_SECTIONS.find((section) => section.id === value);
  return found ?? (ADMIN_SECTIONS[0] as AdminSection);
}

/** The address of a section (the users section may carry its search text). */
export function adminSectionHref(id: AdminSectionId, search?: string): string {
  const params = new URLSearchParams({ [SECTION_PARAM]: id });
  if (search) params.set(USER_SEARCH_PARAM, search);
  return `?${params.toString()}`;
}
