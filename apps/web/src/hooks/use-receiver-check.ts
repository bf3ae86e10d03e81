import { type UserLookup, userLookupQuery } from '@ember/contracts/identity';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';
import { userLookupQueryOptions } from '../lib/users/look-up-user.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** How long the typing must pause before the receiver is looked up (one request per pause). */
export const RECEIVER_CHECK_DELAY_MS = 400;

/**
 * What is known about the receiver typed so far:
 * - `incomplete`: blank, or not a Discord id yet (the form's own check speaks on submit);
 * - `checking`: the typing has not paused yet, or the lookup is on its way;
 * - `valid`: the account exists and may receive this gift;
 * - `refused`: it cannot succeed (unknown, yourself, banned, over the limit), with the reason;
 * - `unchecked`: the lookup itself failed (network, rate limit): the submit looks it up again.
 */
export type ReceiverCheck =
  | { state: 'incomplete' }
  | { state: 'checking' }
  | { state: 'valid'; receiver: UserLookup }
  | { state: 'refused'; message: string }
  | { state: 'unchecked'; message: string };

/** Why the gift cannot go to a receiver that exists, or null when it can. */
export type ReceiverRefusal = (receiver: UserLookup) => string | null;

/** An answer of the lookup (or its failure) as a check of the receiver. */
export function receiverCheckOf(
  answer: { receiver: UserLookup } | { error: unknown },
  refusalOf: ReceiverRefusal,
): ReceiverCheck {
  if ('receiver' in answer) {
    const message = refusalOf(answer.receiver);
    return message ? { state: 'refused', message } : { state: 'valid', receiver: answer.receiver };
  }
  const { error } = answer;
  const message = error instanceof Error && error.message ? error.message : 'An error occurred.';
  // 404 'No user with that Discord ID.' and 400 are answers about the id; anything else is a glitch.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return { state: 'refused', message };
  }
  return { state: 'unchecked', message };
}

/**
 * Checks the receiver of a gift as it is typed: once the typing pauses, one lookup of the id; the
 * answer shown is always the one for the id in the field now (a late answer for an earlier id is
 * kept in its own cache entry and never shown).
 */
export function useReceiverCheck(typed: string, refusalOf: ReceiverRefusal): ReceiverCheck {
  const discordId = typed.trim();
  const wellFormed = userLookupQuery.safeParse({ discordId }).success;
  const settled = useDebouncedValue(discordId, RECEIVER_CHECK_DELAY_MS);
  const current = wellFormed && settled === discordId;
  const lookup = useQuery({ ...userLookupQueryOptions(settled), enabled: current });
  if (!wellFormed) return { state: 'incomplete' };
  if (!current || lookup.isFetching) return { state: 'checking' };
  if (lookup.data) return receiverCheckOf({ receiver: lookup.data }, refusalOf);
  if (lookup.isError) return receiverCheckOf({ error: lookup.error }, refusalOf);
  return { state: 'checking' };
}
