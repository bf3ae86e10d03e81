import { findUserProfiles } from '../modules/users/index.ts';
export const probe08 = findUserProfiles;
