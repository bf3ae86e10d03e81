import net from 'node:net';

/** A TCP proxy to PostgreSQL that a test cuts or stalls (one instance's LISTEN connection goes through it). */
export interface CuttableProxy {
  /** The database URL through the proxy. */
  url: string;
  /** Drops every connection through it and refuses new ones. */
  cut(): void;
  /** Keeps the connections but holds every byte back, both ways: a link gone silent. */
  stall(): void;
  /** Accepts connections again, and sends what a stall held back. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts the proxy to `databaseUrl` on the first free port of `ports`. */
export async function startCuttableProxy(
  databaseUrl: string,
  ports: { first: number; last: number },
): Promise<CuttableProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const flushes = new Set<() => void>();
  let open = true;
  let stalled = false;

  /** Forwards `from` to `to`, holding the bytes back while stalled. */
  const forward = (from: net.Socket, to: net.Socket) => {
    const held: Buffer[] = [];
    const flush = () => {
      for (const chunk of held.splice(0)) to.write(chunk);
    };
    flushes.add(flush);
    from.on('data', (chunk: Buffer) => {
      if (stalled) held.push(chunk);
      else to.write(chunk);
    });
    from.on('close', () => flushes.delete(flush));
  };

  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  for (let port = ports.first; ; port++) {
    if (port > ports.last) throw new Error(`No free port in ${ports.first}-${ports.last}`);
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!listening) continue;
    const url = new URL(databaseUrl);
    url.host = `127.0.0.1:${port}`;
    return {
      url: url.toString(),
      cut() {
        open = false;
        for (const socket of sockets) socket.destroy();
      },
      stall() {
        stalled = true;
      },
      restore() {
        open = true;
        stalled = false;
        for (const flush of flushes) flush();
      },
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    };
  }
}
