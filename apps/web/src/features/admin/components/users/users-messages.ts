import { PAUSE_DAYS } from '@ember/contracts/constants';

/** Spec §5: a subscription tool of the user panel used with no subscription picked. */
export const NO_SUBSCRIPTION_SELECTED_MESSAGE = 'No subscription selected';
/** Spec §5 confirmation. */
export const DELETE_SUBSCRIPTION_QUESTION = 'Are you sure you want to delete this subscription?';
export const PAUSE_QUESTION = `Pause this subscription for ${PAUSE_DAYS} days? A subscription can be paused once; its remaining time resumes when the pause ends.`;
export const UNPAUSE_QUESTION = 'End the pause now? The remaining time starts running again.';
