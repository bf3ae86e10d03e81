import { z } from './zod.ts';

/** A list filter sent blank (`?type=`) is no filter. */
export const blankAsMissing = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : value;

/** `discordId` filter of a list: blank is no filter, anything else must be a Discord id. */
export const discordIdFilter = z
  .string()
  .trim()
  .optional()
  .transform(blankAsMissing)
  .pipe(
    z
      .string()
      .regex(/^[0-9]{1,20}$/, 'A Discord id is a number, like 314159265358979301.')
      .optional(),
  );
