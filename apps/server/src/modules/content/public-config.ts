import type { PublicConfig } from '@ember/contracts/public-config';
import type { Env } from '../../config/env.ts';

/** What the web app needs to know about this deployment; embedded into index.html and served as JSON. */
export function buildPublicConfig(env: Env): PublicConfig {
  return {
    brand: {
      name: env.BRAND_NAME,
      tagline: env.BRAND_TAGLINE,
      logoUrl: env.BRAND_LOGO_URL,
      chatInviteUrl: env.BRAND_CHAT_INVITE_URL,
      javadocsUrl: env.BRAND_JAVADOCS_URL,
      forumsUrl: env.BRAND_FORUMS_URL,
      designStudio: { name: env.BRAND_STUDIO_NAME, url: env.BRAND_STUDIO_URL },
    },
    api: {
      identity: env.API_IDENTITY_BASE,
      shop: env.API_SHOP_BASE,
      commerce: env.API_COMMERCE_BASE,
      admin: env.API_ADMIN_BASE,
    },
    bootstrapUrl: '/bootstrap.json',
  };
}
