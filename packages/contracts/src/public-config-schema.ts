import type { PublicConfig } from './public-config.ts';
import { z } from './zod.ts';

const url = z.string().min(1);

/** GET /api/public-config: the PublicConfig of public-config.ts, as the server's response schema. */
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
  api: z.object({ identity: url, shop: url, commerce: url, admin: url }),
  bootstrapUrl: url,
}) satisfies z.ZodType<PublicConfig, PublicConfig>;
