import { z } from './zod.ts';

/** The updater bootstrap document (/bootstrap.json): the client version and one download per platform. */
export const bootstrapSchema = z.object({
  version: z.string(),
  releasedAt: z.string(),
  /** The published loader's sha256 and size (POST /commands/update-loader); absent before the first release. */
  sha256: z.string().optional(),
  size: z.number().int().optional(),
  platforms: z.record(
    z.string(),
    z.object({ url: z.string().min(1), label: z.string(), sha256: z.string().optional() }),
  ),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;
