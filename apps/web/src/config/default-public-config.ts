import type { PublicConfig } from '@ember/contracts/public-config';

/**
 * Used only when index.html carries no runtime config (the server did not inject one, e.g. under
 * `vite preview`). They mirror the server's env defaults; the server's config always wins.
 */
export const defaultPublicConfig: PublicConfig = {
  brand: {
    name: 'Ember',
    tagline: 'Plugins that play it smart.',
    logoUrl: '/brand/logo.svg',
    chatInviteUrl: 'https://discord.gg/ember-client',
    javadocsUrl: 'https://docs.emberclient.net/javadocs',
    forumsUrl: 'https://forum.emberclient.net',
    designStudio: { name: 'Northlight Studio', url: 'https://northlight.studio' },
  },
  api: { identity: '/api/identity', shop: '/api/shop', commerce: '/api/commerce', admin: '/api/admin' },
  bootstrapUrl: '/bootstrap.json',
};
