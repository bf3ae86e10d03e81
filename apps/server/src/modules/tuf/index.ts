// The tuf module's public surface: code outside the module imports only from here (decision 0035).

export { SignedFileRejected } from './signed-files.ts';
export { tufModule } from './tuf-module.ts';
export type { ActiveSigningKeys, TufRepository } from './tuf-repository.service.ts';
export { createTufServices } from './tuf-services.ts';
