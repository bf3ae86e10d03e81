// Spec §5 and §8 messages of the developer workspace that no contract carries (the server answers
// these calls with the resource, the web says what happened).

export const PLAN_ADDED_MESSAGE = 'Plan added successfully!';
export const PLAN_UPDATED_MESSAGE = 'Plan has been updated!';
export const PLAN_DELETED_MESSAGE = 'Plan deleted successfully!';
export const PRICE_CREATED_MESSAGE = 'Price created!';
export const PRICE_UPDATED_MESSAGE = 'Price updated!';
export const PRICE_DELETED_MESSAGE = 'Price deleted!';
export const REMOVE_SLOTS_QUESTION = 'Are you sure you want to remove slots?';
export const SLOTS_REMOVED_MESSAGE =
  'Successfully removed max slots! It may take a few minutes to take effect.';
export const DELETE_SUBSCRIPTION_QUESTION = 'Are you sure you want to delete this subscription?';
export const NO_SUBSCRIBERS_SELECTED_MESSAGE = 'No subscribers selected';
export const giftedPriceMessage = (priceName: string) => `Successfully gifted ${priceName}`;
