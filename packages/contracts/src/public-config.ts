import { z } from 'zod';

const url = z.string().min(1);

/**
 * The configuration the server hands the web app at page load (embedded in index.html).
 * Everything brand- or deployment-specific lives here, never hard-coded in components.
 */
export const publicConfigSchema = z.object({
  brand: z.object({
    name: z.string().min(1),
    tagline: z.string(),
    logoUrl: url,
    chatInviteUrl: url,
    javadocsUrl: url,
    forumsUrl: url,
    designStudio: z.object({ name: z.string().min(1), url }),
  }),
  api: z.object({ identity: url, shop: url, commerce: url }),
  bootstrapUrl: url,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Per-platform download entry of the updater bootstrap document. */
export const bootstrapSchema = z.object({
  version: z.string(),
  releasedAt: z.string(),
  platforms: z.record(z.string(), z.object({ url, label: z.string(), sha256: z.string().optional() })),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;
