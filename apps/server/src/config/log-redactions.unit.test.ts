import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_REDACTIONS } from './log-redactions.ts';

const TOKEN = 'ghp_thisMustNeverReachALogLine';

/** A Fastify logger configured like the app's, writing into memory. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', redact: LOG_REDACTIONS, stream } });
  return { log: app.log, text: () => lines.join('') };
}

describe('log redactions', () => {
  it('hides a repository access token wherever a logged object carries it', () => {
    const { log, text } = capturingLogger();
    log.info({ accessToken: TOKEN }, 'top level');
    log.info({ body: { url: 'https://github.com/a/b', accessToken: TOKEN } }, 'a request body');
    log.info({ repository: { id: 1, accessToken: TOKEN } }, 'a repository');
    log.info({ req: { body: { accessToken: TOKEN } } }, 'a request');
    expect(text()).not.toContain(TOKEN);
    expect(text()).toContain('"accessToken":"[Redacted]"');
    expect(text()).toContain('https://github.com/a/b');
  });

  it('hides sign-in headers', () => {
    const { log, text } = capturingLogger();
    log.info({ req: { headers: { authorization: 'Bearer secret-jwt', cookie: 'refresh=secret' } } }, 'in');
    expect(text()).not.toContain('secret');
  });
});
