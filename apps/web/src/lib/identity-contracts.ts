/**
 * The identity schemas (and zod with them), loaded by the first sign-in or account call instead of
 * with the app shell: the request starts at once and the schema arrives alongside its answer.
 */
export const identityContracts = () => import('@ember/contracts/identity');

/** The contract of a 204 answer, loaded the same way (sign-out runs from the shell). */
export const noContentContract = () => import('./no-content.ts').then((module) => module.noContent);
