import { NOT_ENOUGH_CREDITS_MESSAGE } from '@ember/contracts/wallet';
import {
  InsufficientFunds,
  type Journal,
  JournalAlreadyPosted,
  type UserPosting,
} from '@ember/db/books/journal';
import { type PostedJournal, postJournal as postToBooks } from '@ember/db/books/post-journal';
import { type AppError, Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { HandedDb } from './db.ts';

/** The journal was already recorded under its idempotency key; the caller's transaction must roll back. */
export class AlreadyPosted extends Conflict {
  constructor(readonly idempotencyKey: string | undefined) {
    super('This request was already processed.');
  }
}

const defaultRefusal = (posting: UserPosting, available: number | null): AppError => {
  if (available === null) return new NotFound('That account no longer exists.');
  return posting.account === 'CREDITS'
    ? new Invalid(NOT_ENOUGH_CREDITS_MESSAGE)
    : new Conflict('Not enough earnings.');
};

/**
 * The server's way money moves: postJournal of the books (balanced journal, conditional balance
 * updates in ascending user order, idempotency key) inside the caller's transaction, with the
 * books' refusals turned into the API's errors.
 */
export async function postJournal(tx: HandedDb, journal: Journal): Promise<PostedJournal | null> {
  try {
    return await postToBooks(tx, journal);
  } catch (error) {
    if (error instanceof JournalAlreadyPosted) throw new AlreadyPosted(error.idempotencyKey);
    if (error instanceof InsufficientFunds) throw defaultRefusal(error.posting, error.available);
    throw error;
  }
}
