import type { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { LogFn } from 'pino';
import pretty from 'pino-pretty';
import type { Env } from './env.ts';
import { LOG_REDACTIONS } from './log-redactions.ts';

/** `json`: one JSON record a line (production, pipes, log collectors); `pretty`: lines a person reads. */
export type LogFormat = 'pretty' | 'json';

/**
 * The rule (README, Configuration): production always writes JSON; elsewhere LOG_FORMAT decides
 * when set, else readable lines when standard output is a terminal and JSON when it is a pipe or a
 * file, so scripts and tests that read the log keep reading JSON.
 */
export function chooseLogFormat(
  env: Pick<Env, 'NODE_ENV' | 'LOG_FORMAT'>,
  stdoutIsTerminal: boolean,
): LogFormat {
  if (env.NODE_ENV === 'production') return 'json';
  return env.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

const DEBUG_AND_BELOW = new Set(['debug', 'trace']);

/**
 * Readable logs keep requests quiet: no "incoming request" record, and one compact line per answer
 * (`GET /api/shop/plans 200 4 ms`) at debug level, shown with LOG_LEVEL=debug. Failed requests are
 * still errors.
 */
class CompactRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ err: error }, `${request.method} ${request.url} failed`);
      return;
    }
    // The line is built only when it is written (this runs on every request).
    if (!DEBUG_AND_BELOW.has(reply.log.level)) return;
    reply.log.debug(
      `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`${request.method} ${request.url}: no such route`);
  }
}

/**
 * Fastify logs "Server listening at …" once per address; in readable logs the ready line
 * (ready-line.ts) says where the site is instead, once. JSON logs keep them for log collectors.
 */
function withoutListeningLines(this: unknown, args: Parameters<LogFn>, method: LogFn): void {
  if (typeof args[0] === 'string' && args[0].startsWith('Server listening at ')) return;
  method.apply(this, args);
}

export interface LoggingOptions {
  format: LogFormat;
  /** Where readable lines go (standard output by default); tests pass a stream. */
  destination?: Writable;
}

/** The Fastify logger options of the app: the level and redactions in both formats, the format's own output. */
export function loggerOptions(
  env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>,
  { format, destination }: LoggingOptions,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const level = env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL;
  if (format === 'json') {
    return {
      logger: destination
        ? { level, redact: LOG_REDACTIONS, stream: destination }
        : { level, redact: LOG_REDACTIONS },
    };
  }
  const stream = pretty({
    colorize: destination ? false : process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });
  return {
    logger: { level, redact: LOG_REDACTIONS, stream, hooks: { logMethod: withoutListeningLines } },
    logController: new CompactRequestLog(),
  };
}
