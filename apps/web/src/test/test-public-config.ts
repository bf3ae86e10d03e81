import { UI_LOCALE } from '@ember/contracts/format';
import type { PublicConfig } from '@ember/contracts/public-config';
import type { AppEnvironment } from '../config/app-environment.ts';

/** The config every unit test runs with. */
export const testPublicConfig: PublicConfig = {
  brand: {
    name: 'Ember',
    tagline: 'Plugins that play it smart.',
    logoUrl: '/brand/logo.svg',
    chatInviteUrl: 'https://chat.example/invite/ember',
    javadocsUrl: 'https://docs.example/javadocs',
    forumsUrl: 'https://forums.example',
    designStudio: { name: 'Northlight Studio', url: 'https://studio.example' },
  },
  api: { identity: '/api/identity', shop: '/api/shop', commerce: '/api/commerce', admin: '/api/admin' },
  bootstrapUrl: '/bootstrap.json',
};

/** What the test renders give the app in context, as main.tsx does: this config and the UI's locale. */
export const testEnvironment: AppEnvironment = { config: testPublicConfig, locale: UI_LOCALE };
