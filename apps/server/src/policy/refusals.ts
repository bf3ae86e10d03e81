import { FORBIDDEN_ACTION_MESSAGE } from '@ember/contracts/errors';

/** Why the policy said no; each kind has one message, whatever the action. */
export type Refusal = 'SIGN_IN' | 'ROLE' | 'NOT_YOURS';

export const REFUSAL_MESSAGES: Record<Refusal, string> = {
  /** Spec §8 quotes it. */
  SIGN_IN: FORBIDDEN_ACTION_MESSAGE,
  ROLE: 'You do not have permission to do this.',
  NOT_YOURS: 'This belongs to another account, so you cannot do this.',
};
