// Scratch: deliberate violation of no-circular (audit imports users, which imports audit).
export { userProfiles } from '../users/index.ts';
