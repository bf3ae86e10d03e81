// Scratch: deliberate violation of the owner rule for the active-subscription predicate.
export { isActiveSubscription } from '@ember/db/predicates/active-subscription';
