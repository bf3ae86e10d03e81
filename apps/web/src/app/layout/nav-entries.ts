import type { PublicConfig } from '@ember/contracts/public-config';
import { paths } from '../../config/paths.ts';

export interface NavLinkEntry {
  kind: 'route' | 'external';
  id: string;
  label: string;
  /** Route path for 'route', full URL for 'external' (opens in a new tab). */
  target: string;
}

export interface NavMenuEntry {
  kind: 'menu';
  id: string;
  label: string;
  items: readonly NavLinkEntry[];
  loggedInOnly?: boolean;
}

/** The Download menu: its items come from the bootstrap document at run time. */
export interface NavDownloadsEntry {
  kind: 'downloads';
  id: string;
  label: string;
  loggedInOnly: true;
  desktopOnly: true;
}

export type NavEntry = NavLinkEntry | NavMenuEntry | NavDownloadsEntry;

const route = (id: string, label: string, target: string): NavLinkEntry => ({
  kind: 'route',
  id,
  label,
  target,
});
const external = (id: string, label: string, target: string): NavLinkEntry => ({
  kind: 'external',
  id,
  label,
  target,
});

/** The main navigation of spec §2, in display order. */
export function buildNavEntries(brand: PublicConfig['brand']): NavEntry[] {
  return [
    {
      kind: 'menu',
      id: 'plugins',
      label: 'Plugins',
      items: [
        route('all-plugins', 'All plugins', paths.shop.getHref()),
        route('free-plugins', 'Free plugins', paths.shop.getHref('free')),
        route('helper-plugins', 'Helper plugins', paths.shop.getHref('helper')),
        route('bundles', 'Bundles', paths.shop.getHref('bundle')),
      ],
    },
    route('faq', 'FAQ', paths.faq.getHref()),
    {
      kind: 'menu',
      id: 'community',
      label: 'Community',
      items: [
        external('chat', 'Join chat community', brand.chatInviteUrl),
        external('javadocs', 'Javadocs', brand.javadocsUrl),
        external('forums', 'Forums', brand.forumsUrl),
      ],
    },
    {
      kind: 'menu',
      id: 'purchase',
      label: 'Purchase',
      loggedInOnly: true,
      items: [
        route('credits', 'Credits', paths.products.getHref('credits')),
        route('vip', 'VIP', paths.vip.getHref()),
        route('gp', 'GP', paths.products.getHref('gp')),
      ],
    },
    { kind: 'downloads', id: 'downloads', label: 'Download', loggedInOnly: true, desktopOnly: true },
  ];
}

/** The entries this visitor sees: member-only menus need sign-in, desktop-only ones a wide window. */
export function visibleNavEntries(
  entries: readonly NavEntry[],
  { signedIn, desktop }: { signedIn: boolean; desktop: boolean },
): NavEntry[] {
  return entries.filter((entry) => {
    if (entry.kind === 'downloads') return signedIn && desktop;
    if (entry.kind === 'menu' && entry.loggedInOnly) return signedIn;
    return true;
  });
}
