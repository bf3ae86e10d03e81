import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import type { TestContext } from '../../../test-support/test-app.ts';
import {
  buySubscription,
  givenPluginOnPrice,
  givenPriceOf,
  givenUser,
} from '../../../test-support/test-data.ts';
import { CLIENT_BASE, signInClientWith } from './client-api.fixtures.ts';

type Headers = Record<string, string>;

export const heartbeatOn = (app: FastifyInstance, client: Headers, sessionId: string) =>
  app.inject({ method: 'POST', url: `${CLIENT_BASE}/sessions/${sessionId}/heartbeat`, headers: client });

/**
 * Players of the tests where one app (process) makes the changes and another answers the
 * heartbeats (issue 36): `firstApp()` buys and opens, `second()` is the app whose memory is on trial.
 */
export function twoProcessPlayers(firstApp: () => TestContext, second: () => FastifyInstance) {
  let plugins = 0;

  async function open(client: Headers, pluginId: number): Promise<string> {
    const opened = await firstApp().app.inject({
      method: 'POST',
      url: `${CLIENT_BASE}/sessions`,
      headers: client,
      payload: { pluginId },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return (opened.json() as { sessionId: string }).sessionId;
  }

  return {
    open,

    /** A player holding a plugin (bought with credits through the first app) with a running session of it. */
    async playerRunningAPlugin(options: { sessionLimit?: number } = {}) {
      const first = firstApp();
      const developer = await givenUser(first, { roles: ['CUSTOMER', 'DEVELOPER'] });
      const { price } = await givenPriceOf(first, developer.id, { price: 100 });
      const plugin = await givenPluginOnPrice(
        first,
        { id: price.id, ownerId: developer.id },
        {
          name: `Heartbeat Plugin ${++plugins}`,
          description: 'A plugin',
          sessionLimit: options.sessionLimit ?? 1,
        },
      );
      const player = await givenUser(first, { credits: 10_000 });
      const website = await headersFor(first, player.id);
      const bought = await buySubscription(first, website, `priceId=${price.id}`);
      expect(bought.statusCode, bought.body).toBe(201);
      const client = await signInClientWith(first, website);
      const sessionId = await open(client, plugin.id);
      return { player, website, client, sessionId, subscriptionId: (bought.json() as { id: number }).id };
    },

    /** The second app decides the session once, then answers it from memory. */
    async runningOnTheSecond(client: Headers, sessionId: string) {
      for (let beat = 0; beat < 2; beat++) {
        const answer = await heartbeatOn(second(), client, sessionId);
        expect(answer.statusCode, answer.body).toBe(200);
      }
    },
  };
}
