import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The checked-in template (deploy/nginx.conf.template); the cluster and a real deployment fill it. */
export const NGINX_TEMPLATE_FILE = fileURLToPath(
  new URL('../../../../../deploy/nginx.conf.template', import.meta.url),
);

export interface NginxConfigValues {
  /** What nginx listens on: a port (`3440`) or an address and port (`127.0.0.1:3440`). */
  listen: string;
  /** The API processes, `host:port` each. */
  upstreams: string[];
  /** Absolute folder for the pid file, the logs and the temp files. */
  runDir: string;
  /** nginx's largest request body, in bytes. */
  clientMaxBodyBytes: number;
  /** How long nginx leaves a process alone after a refused connection (passive health). */
  failTimeoutSeconds?: number;
  /** API processes taken out of rotation (`down`) while they are restarted. */
  down?: string[];
}

/** nginx's body limit for the app's limits: above the largest body the app takes, so the app answers a 413 itself. */
export function clientMaxBodyBytesFor(env: { BODY_LIMIT_BYTES: number; APPROVED_JAR_MAX_BYTES: number }) {
  // The multipart envelope around an uploaded jar (part headers, boundaries) is a few hundred bytes.
  return Math.max(env.BODY_LIMIT_BYTES, env.APPROVED_JAR_MAX_BYTES) + 64 * 1024;
}

/** Fills every `{{PLACEHOLDER}}` of the template; one left unfilled is an error, not a broken config. */
export function renderNginxConfig(
  values: NginxConfigValues,
  template = readFileSync(NGINX_TEMPLATE_FILE, 'utf8'),
) {
  if (values.upstreams.length === 0) throw new Error('nginx needs at least one API process');
  const failTimeout = values.failTimeoutSeconds ?? 2;
  const filled: Record<string, string> = {
    LISTEN: values.listen,
    RUN_DIR: values.runDir,
    CLIENT_MAX_BODY_SIZE: String(values.clientMaxBodyBytes),
    UPSTREAM_SERVERS: values.upstreams
      .map(
        (address) =>
          `    server ${address} max_fails=1 fail_timeout=${failTimeout}s${values.down?.includes(address) ? ' down' : ''};`,
      )
      .join('\n'),
  };
  const text = template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => filled[name] ?? whole);
  const left = [...new Set([...text.matchAll(/\{\{([A-Z_]+)\}\}/g)].map((match) => match[1]))];
  if (left.length > 0) throw new Error(`deploy/nginx.conf.template: no value for ${left.join(', ')}`);
  return text;
}
