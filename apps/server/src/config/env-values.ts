import { z } from 'zod';

// The value types of the environment (env.ts): lists, booleans and the process roles, parsed from text.

/** Addresses only this machine can reach: where a server with the development sign-in may listen. */
export const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];

export const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** The process roles (ADR 0010): `api` serves HTTP, `worker` runs the background jobs. */
export const SERVICE_ROLES = ['api', 'worker'] as const;
export type ServiceRole = (typeof SERVICE_ROLES)[number];

export const servicesList = z.string().transform((value, ctx): ServiceRole[] => {
  const parts = value.split(',').map((part) => part.trim());
  const unknown = parts.filter((part) => !SERVICE_ROLES.includes(part as ServiceRole));
  if (unknown.length > 0) {
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `must be api, worker or api,worker (comma-separated), not '${value}'`,
    });
    return z.NEVER;
  }
  return [...new Set(parts as ServiceRole[])];
});

/** Comma-separated host names, lower-cased; blanks ignored. */
export const hostList = z.string().transform((value) =>
  value
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== ''),
);
