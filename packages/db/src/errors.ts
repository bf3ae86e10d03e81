/** PostgreSQL error codes the application reacts to (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export const PG_ERROR_CODES = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  restrictViolation: '23001',
} as const;

export interface PgErrorInfo {
  code: string;
  constraint?: string;
  message: string;
}

/**
 * The PostgreSQL error behind a failed query, from either driver. Drizzle wraps driver errors
 * (the original is the `cause`); node-postgres and PGlite both expose `code` and `constraint`.
 */
export function pgErrorOf(error: unknown): PgErrorInfo | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        message: candidate.message,
      };
    }
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  matches(error, PG_ERROR_CODES.uniqueViolation, constraint);

export const isCheckViolation = (error: unknown, constraint?: string) =>
  matches(error, PG_ERROR_CODES.checkViolation, constraint);

/** Also matches restrict_violation, which PostgreSQL 18 (PGlite) raises for ON DELETE RESTRICT keys. */
export const isForeignKeyViolation = (error: unknown, constraint?: string) =>
  matches(error, PG_ERROR_CODES.foreignKeyViolation, constraint) ||
  matches(error, PG_ERROR_CODES.restrictViolation, constraint);

function matches(error: unknown, code: string, constraint?: string): boolean {
  const info = pgErrorOf(error);
  return info?.code === code && (constraint === undefined || info.constraint === constraint);
}
