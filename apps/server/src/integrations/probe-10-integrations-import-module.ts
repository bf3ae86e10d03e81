import { findUserProfiles } from '../modules/users/index.ts';
export const probe10 = findUserProfiles;
