import type { Role } from '@ember/contracts/enums';

/** True when `required` is empty or the user holds at least one of its roles. */
export function hasAnyRole(userRoles: readonly Role[], required: readonly Role[]): boolean {
  return required.length === 0 || required.some((role) => userRoles.includes(role));
}
