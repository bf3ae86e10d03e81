import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareRoutes } from '../../plugins/define-route.ts';

/** A direct message the fake's bot was asked to send, as tests read it. */
export interface RecordedDirectMessage {
  id: string;
  channelId: string;
  recipientId: string;
  content: string;
  nonce: string | null;
}

const openChannelBody = z.object({ recipient_id: z.string().regex(/^\d{17,20}$/) });
const createMessageBody = z.object({
  content: z.string().min(1).max(2000),
  nonce: z.union([z.string().max(25), z.number().int()]).optional(),
  enforce_nonce: z.boolean().optional(),
  allowed_mentions: z.object({ parse: z.array(z.string()) }).optional(),
});

const snowflake = () =>
  `1${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e9)).padStart(9, '0')}`;

/**
 * The bot's side of the fake Discord: the two calls of a direct message, with Discord's shapes
 * (a DM channel per recipient, `enforce_nonce` returning the first message of a nonce), and the
 * messages kept so tests and development read them at `GET /api/_fake/direct-messages`.
 */
export function registerFakeDirectMessages(app: FastifyInstance, botToken: string) {
  const channels = new Map<string, string>();
  const messages: RecordedDirectMessage[] = [];
  const route = declareRoutes(app.withTypeProvider<ZodTypeProvider>());
  const publicRoute = { access: 'public', hide: true } as const;
  const isBot = (authorization: string | undefined) => authorization === `Bot ${botToken}`;
  const unauthorized = { message: '401: Unauthorized', code: 0 };

  route.post('/api/users/@me/channels', publicRoute, async (request, reply) => {
    if (!isBot(request.headers.authorization)) return reply.status(401).send(unauthorized);
    const body = openChannelBody.safeParse(request.body);
    if (!body.success) return reply.status(400).send({ message: 'Invalid Form Body', code: 50035 });
    const recipientId = body.data.recipient_id;
    const existing = [...channels].find(([, recipient]) => recipient === recipientId)?.[0];
    const id = existing ?? snowflake();
    channels.set(id, recipientId);
    return { id, type: 1, recipients: [{ id: recipientId }] };
  });

  route.post('/api/channels/:channelId/messages', publicRoute, async (request, reply) => {
    if (!isBot(request.headers.authorization)) return reply.status(401).send(unauthorized);
    const { channelId } = request.params as { channelId: string };
    const recipientId = channels.get(channelId);
    if (!recipientId) return reply.status(404).send({ message: 'Unknown Channel', code: 10003 });
    const body = createMessageBody.safeParse(request.body);
    if (!body.success) return reply.status(400).send({ message: 'Invalid Form Body', code: 50035 });
    const nonce = body.data.nonce === undefined ? null : String(body.data.nonce);
    const earlier =
      body.data.enforce_nonce && nonce !== null
        ? messages.find((sent) => sent.channelId === channelId && sent.nonce === nonce)
        : undefined;
    const sent = earlier ?? {
      id: snowflake(),
      channelId,
      recipientId,
      content: body.data.content,
      nonce,
    };
    if (!earlier) messages.push(sent);
    return { id: sent.id, channel_id: sent.channelId, content: sent.content, nonce: sent.nonce };
  });

  route.get('/api/_fake/direct-messages', publicRoute, async (request) => {
    const recipient = (request.query as { recipient_id?: string }).recipient_id;
    return messages.filter((sent) => recipient === undefined || sent.recipientId === recipient);
  });
}
