import { findUserProfiles } from '../users/index.ts';
export const probe11b = findUserProfiles;
