// Spec §5 and §8 messages of the developer workspace that no contract carries.

export const REMOVE_SLOTS_QUESTION = 'Are you sure you want to remove slots?';
export const DELETE_SUBSCRIPTION_QUESTION = 'Are you sure you want to delete this subscription?';
