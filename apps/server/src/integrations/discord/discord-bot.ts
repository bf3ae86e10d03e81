import { z } from 'zod';
import type { FetchLike } from '../../lib/safe-fetch.ts';

const channel = z.object({ id: z.string().min(1) });
const message = z.object({ id: z.string().min(1) });

/** Discord did not take the message (unreachable, rate limited, refused): the caller retries later. */
export class DirectMessageNotSent extends Error {}

/** Discord's own limit on a message's content. */
const MAX_CONTENT_LENGTH = 2000;

export interface DiscordBotOptions {
  apiBase: string;
  botToken: string;
  fetch: FetchLike;
}

/**
 * The store's bot: a direct message is Discord's two calls, opening (or finding) the DM channel
 * with `POST /users/@me/channels`, then `POST /channels/{id}/messages`. The nonce makes a retry
 * after a lost answer deliver once (`enforce_nonce`), and no text the store relays can ping anyone.
 */
export function createDiscordBot({ apiBase, botToken, fetch }: DiscordBotOptions) {
  async function post<T>(path: string, body: object, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bot ${botToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new DirectMessageNotSent(`Discord could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) throw new DirectMessageNotSent(`Discord ${path} answered ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new DirectMessageNotSent(`Unexpected answer from Discord ${path}`);
    return parsed.data;
  }

  return {
    async sendDirectMessage(recipientId: string, content: string, nonce: string): Promise<void> {
      const dm = await post('/users/@me/channels', { recipient_id: recipientId }, channel);
      await post(
        `/channels/${encodeURIComponent(dm.id)}/messages`,
        {
          content: content.slice(0, MAX_CONTENT_LENGTH),
          nonce,
          enforce_nonce: true,
          allowed_mentions: { parse: [] },
        },
        message,
      );
    },
  };
}

export type DiscordBot = ReturnType<typeof createDiscordBot>;
