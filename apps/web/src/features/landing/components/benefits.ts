import type { ComponentType } from 'react';
import {
  CrownIcon,
  CursorClickIcon,
  GiftIcon,
  ShieldIcon,
  SparklesIcon,
} from '../../../components/icons/icons.tsx';

export interface Benefit {
  title: string;
  copy: string;
  Icon: ComponentType<{ size?: number }>;
}

/** The five benefits of spec §2 (flawless, free, premium, easy to use, anti-ban). */
export const BENEFITS: readonly Benefit[] = [
  {
    title: 'Flawless',
    copy: 'Every plugin is reviewed and tested before it reaches the store, so it runs the way it should.',
    Icon: SparklesIcon,
  },
  {
    title: 'Free',
    copy: 'Start on the free tier with a growing catalogue of free plugins — no card needed.',
    Icon: GiftIcon,
  },
  {
    title: 'Premium',
    copy: 'Unlock premium plugins from experienced developers for the content that pays off the most.',
    Icon: CrownIcon,
  },
  {
    title: 'Easy to use',
    copy: 'Log in with Discord, pick a plugin and start it from the client in a couple of clicks.',
    Icon: CursorClickIcon,
  },
  {
    title: 'Anti-ban',
    copy: 'Human-like input, timing and breaks are built into the client to help keep your account safe.',
    Icon: ShieldIcon,
  },
];
