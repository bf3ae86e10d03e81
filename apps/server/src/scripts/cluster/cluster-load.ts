import { randomUUID } from 'node:crypto';
import http from 'node:http';

/**
 * Steady load on a cluster for the restart and failover tests (issue 22): loops of mixed reads,
 * credit purchases carrying an Idempotency-Key, and sandbox payments (an order, its checkout, and the
 * sandbox's Pay button, which delivers a signed webhook through the real webhook route). Every answer
 * and every connection error the clients see is counted; every acknowledged write is kept for the
 * caller to find in the database.
 *
 * Each request goes on a connection of its own (`Connection: close`). A rolling restart reloads
 * nginx, whose old workers then close their idle keep-alive connections; a request a client sends
 * on such a connection at that very moment finds it closed, which browsers absorb by sending it
 * again on a new connection. Without keep-alive the load measures the balancer and the processes,
 * not that race.
 */

export interface LoadBuyer {
  id: number;
  /** `Bearer …` */
  authorization: string;
}

export interface ClusterLoadOptions {
  /** nginx's address. */
  url: string;
  /** GET paths read in turn (API answers and guest pages). */
  reads: { path: string; accept?: string }[];
  readers?: number;
  /** Buyers of `priceId`, one purchase loop each. */
  buyers: LoadBuyer[];
  priceId: number;
  /** A sandbox credits product and who orders it: one payment loop (order → checkout → Pay). */
  payments?: { productId: number; amount: number; buyer: LoadBuyer };
  /**
   * What a purchase client does when its request fails (5xx or no answer): retry it with the same
   * Idempotency-Key until it is answered (failover), or give up and count it (rolling restart, where
   * none may fail).
   */
  retryFailedPurchases: boolean;
  /** Pause between one loop's requests, so the load is steady rather than saturating. */
  pauseMs?: number;
}

export interface Purchase {
  key: string;
  buyerId: number;
  /** The final answer's status; 0 when the client never got one. */
  status: number;
  subscriptionId?: number;
  /** Attempts with this key (1 when the first answered). */
  attempts: number;
}

export interface LoadReport {
  requests: number;
  /** Every answer by status (the final attempt of a retried purchase and every failed one). */
  statuses: Record<number, number>;
  /** Requests that got no HTTP answer at all (refused, reset, timed out). */
  connectionErrors: number;
  /** What failed, for the test's message: `METHOD path → status or error`. */
  failures: string[];
  purchases: Purchase[];
  /** Orders whose sandbox Pay was answered 303 (the webhook was recorded). */
  paidOrders: number[];
}

type Answer = { status: number; body: string; location: string | null } | { error: string };

export function startClusterLoad(options: ClusterLoadOptions) {
  const pauseMs = options.pauseMs ?? 20;
  const report: LoadReport = {
    requests: 0,
    statuses: {},
    connectionErrors: 0,
    failures: [],
    purchases: [],
    paidOrders: [],
  };
  let running = true;

  const send = async (
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> => {
    report.requests++;
    try {
      return await request(path.startsWith('http') ? path : `${options.url}${path}`, method, headers, body);
    } catch (error) {
      return { error: String(error) };
    }
  };
  const count = (what: string, answer: Answer, ok: (status: number) => boolean) => {
    if ('error' in answer) {
      report.connectionErrors++;
      report.failures.push(`${what} → ${answer.error}`);
      return false;
    }
    report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
    if (!ok(answer.status)) {
      report.failures.push(`${what} → ${answer.status} ${answer.body.slice(0, 200)}`);
      return false;
    }
    return true;
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
  const is2xx = (status: number) => status >= 200 && status < 300;

  const reader = async (offset: number) => {
    for (let turn = offset; running; turn++) {
      const read = options.reads[turn % options.reads.length];
      if (!read) return;
      const answer = await send('GET', read.path, { accept: read.accept ?? 'application/json' });
      count(`GET ${read.path}`, answer, (status) => status === 200);
      await pause();
    }
  };

  const purchaser = async (buyer: LoadBuyer) => {
    const path = `/api/shop/subscriptions?priceId=${options.priceId}`;
    while (running) {
      const purchase: Purchase = { key: randomUUID(), buyerId: buyer.id, status: 0, attempts: 0 };
      report.purchases.push(purchase);
      for (;;) {
        purchase.attempts++;
        const answer = await send('POST', path, {
          authorization: buyer.authorization,
          'idempotency-key': purchase.key,
        });
        const answered = !('error' in answer) && answer.status < 500;
        if (!('error' in answer)) purchase.status = answer.status;
        if (answered || !options.retryFailedPurchases || purchase.attempts >= 10) {
          if (count(`POST ${path} (key ${purchase.key}, attempt ${purchase.attempts})`, answer, is2xx)) {
            purchase.subscriptionId = (JSON.parse((answer as { body: string }).body) as { id: number }).id;
          }
          break;
        }
        // A failed attempt the client retries is still what it saw: kept in the report.
        count(`POST ${path} (key ${purchase.key}, attempt ${purchase.attempts}, retried)`, answer, is2xx);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await pause();
    }
  };

  const payer = async (payments: NonNullable<ClusterLoadOptions['payments']>) => {
    const auth = { authorization: payments.buyer.authorization };
    while (running) {
      const placed = await send(
        'POST',
        '/api/commerce/orders',
        { ...auth, 'content-type': 'application/json' },
        JSON.stringify({ productId: payments.productId, amount: payments.amount }),
      );
      if (count('POST /api/commerce/orders', placed, (status) => status === 201) && 'body' in placed) {
        const orderId = (JSON.parse(placed.body) as { id: number }).id;
        const checkout = await send('POST', `/api/commerce/payments?orderId=${orderId}`, auth);
        if (count(`POST /api/commerce/payments?orderId=${orderId}`, checkout, (s) => s === 201)) {
          const location = 'location' in checkout ? checkout.location : null;
          const pay = await send('POST', `${location}/pay`, {
            'content-type': 'application/x-www-form-urlencoded',
          });
          if (count(`POST ${location}/pay`, pay, (status) => status === 303)) report.paidOrders.push(orderId);
        }
      }
      await pause();
    }
  };

  const loops = [
    ...Array.from({ length: options.readers ?? 3 }, (_, index) => reader(index)),
    ...options.buyers.map(purchaser),
    ...(options.payments ? [payer(options.payments)] : []),
  ];

  return {
    report,
    /** Stops the loops (each finishes the request it is in) and gives the report. */
    async stop(): Promise<LoadReport> {
      running = false;
      await Promise.all(loops);
      return report;
    },
  };
}

/** One request on a connection of its own (no agent: `Connection: close`), redirects not followed. */
function request(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string; location: string | null }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent: false, timeout: 20_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          location: typeof response.headers.location === 'string' ? response.headers.location : null,
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out after 20 s')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
