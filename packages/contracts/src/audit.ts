import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam } from './paging.ts';
import { z } from './zod.ts';

// Contracts of the audit trail (DESIGN convention 12): the admins' read API over audit_events.

/** What audit events are about (target kinds); the list grows with the domains that record events. */
export const AUDIT_TARGET_KINDS = [
  'USER',
  'PLAN',
  'PRICE',
  'SUBSCRIPTION',
  'DISCOUNT_CODE',
  'ORDER',
  'PAYOUT',
  'PRODUCT',
  'REPOSITORY',
  'PLUGIN',
  /** A developer's release-signing key (issue 32). */
  'SIGNING_KEY',
  'SESSION',
  'VOTE',
  /** A background job (pg-boss), by its UUID. */
  'JOB',
] as const;

const TARGET_KIND_MESSAGE =
  'The target kind is a word in capitals, like PLAN, PRICE, SUBSCRIPTION or DISCOUNT_CODE.';
const TARGET_ID_MESSAGE = 'The target id can be at most 100 characters.';
const ACTION_MESSAGE = 'The action looks like resource:verb, like plan:update or subscription:add-hours.';
export const TARGET_ID_WITHOUT_KIND_MESSAGE = 'Give the target kind too when filtering by target id.';
const DATE_MESSAGE = 'A date range bound is a date and time, like 2026-11-28T00:00:00.000Z.';
export const DATE_RANGE_ORDER_MESSAGE = 'The end of the date range must be after its start.';

/** An empty filter (an untouched form field) is no filter. */
const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** GET /admin/audit-events: newest first, filtered by who acted, on what, which action and when. */
export const auditEventsQuery = z
  .object({
    page: pageNumberParam,
    size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
    actorId: optionalText().pipe(idParam('actor').optional()),
    targetKind: optionalText()
      .transform((value) => value?.toUpperCase())
      .pipe(
        z
          .string()
          .regex(/^[A-Z][A-Z_]{0,39}$/, TARGET_KIND_MESSAGE)
          .optional(),
      ),
    targetId: optionalText().pipe(z.string().max(100, TARGET_ID_MESSAGE).optional()),
    action: optionalText().pipe(
      z
        .string()
        .regex(/^[a-z][a-z-]{0,39}:[a-z][a-z-]{0,39}$/, ACTION_MESSAGE)
        .optional(),
    ),
    /** Events at or after this instant. */
    from: optionalText().pipe(z.iso.datetime({ offset: true, error: DATE_MESSAGE }).optional()),
    /** Events before this instant (the day after a range's last day, at midnight). */
    to: optionalText().pipe(z.iso.datetime({ offset: true, error: DATE_MESSAGE }).optional()),
  })
  .refine((query) => query.targetId === undefined || query.targetKind !== undefined, {
    message: TARGET_ID_WITHOUT_KIND_MESSAGE,
    path: ['targetId'],
  })
  .refine(
    (query) =>
      query.from === undefined || query.to === undefined || Date.parse(query.from) < Date.parse(query.to),
    { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] },
  );

/** One audit event; before and after hold only the fields the action changed. */
export const auditEventResponse = z.object({
  id: z.number().int(),
  /** Null when the system itself acted (jobs, webhooks). */
  actor: z.object({ id: z.number().int(), username: z.string(), displayName: z.string() }).nullable(),
  /** The role the policy allowed the action by (ADMIN, DEVELOPER, ...), or SYSTEM. */
  actorRole: z.string(),
  /** The event in words: 'Confirmed payout #6 to Ironbark' (audit-labels.ts). */
  label: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEventResponse = z.infer<typeof auditEventResponse>;
export const auditEventPageResponse = pageOf(auditEventResponse);
export type AuditEventPage = z.infer<typeof auditEventPageResponse>;
