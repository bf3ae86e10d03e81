import { findUserProfiles } from '../modules/users/index.ts';
export const probe09 = findUserProfiles;
