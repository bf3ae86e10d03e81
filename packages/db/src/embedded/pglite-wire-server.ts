import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Serves one PGlite database over the PostgreSQL wire protocol on a local port, so the app talks to
 * it with node-postgres like to any PostgreSQL server (decision 0022). PGlite is one session: one
 * client connection is served at a time (the app's pool has one connection); others wait their
 * turn. Bytes are cut into whole protocol messages before PGlite sees them.
 */
export function createPgliteWireServer(db: PGlite): Server {
  const waiting: Socket[] = [];
  let active: Socket | null = null;

  const serveNext = () => {
    active = null;
    const next = waiting.shift();
    if (next) serve(next);
  };

  function serve(socket: Socket) {
    active = socket;
    const framer = messageFramer();
    let work = Promise.resolve();
    socket.on('data', (chunk) => {
      const messages = framer.push(chunk);
      if (messages.length === 0) return;
      work = work
        .then(async () => {
          const reply = await db.execProtocolRaw(Buffer.concat(messages), { syncToFs: true });
          if (reply.length > 0 && !socket.destroyed) socket.write(reply);
        })
        .catch(() => {
          socket.destroy();
        });
    });
    const finish = () => {
      // A transaction the client left open must not leak into the next session.
      work = work
        .then(() => db.query('rollback').catch(() => {}))
        .then(() => {
          if (active === socket) serveNext();
        });
    };
    socket.once('close', finish);
    socket.on('error', () => socket.destroy());
  }

  return createServer((socket) => {
    socket.setNoDelay(true);
    if (active) waiting.push(socket);
    else serve(socket);
  });
}

/**
 * Cuts a byte stream into whole frontend messages: the first is the untyped startup message
 * (or an SSL/GSS request, answered by PostgreSQL's "N"), then type byte + 4-byte length each.
 */
function messageFramer() {
  let buffered: Buffer = Buffer.alloc(0);
  let started = false;
  return {
    push(chunk: Buffer): Buffer[] {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const messages: Buffer[] = [];
      for (;;) {
        const headerLength = started ? 5 : 4;
        if (buffered.length < headerLength) break;
        const length = started ? buffered.readInt32BE(1) + 1 : buffered.readInt32BE(0);
        if (buffered.length < length) break;
        messages.push(buffered.subarray(0, length));
        buffered = buffered.subarray(length);
        if (!started) started = true;
      }
      return messages;
    },
  };
}
