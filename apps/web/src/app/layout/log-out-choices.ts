import type { LogoutScope } from '@ember/contracts/identity';

/** The two ways to log out, as both the desktop user menu and the mobile menu offer them. */
export const LOG_OUT_CHOICES: readonly { id: string; scope: LogoutScope; label: string }[] = [
  { id: 'log-out', scope: 'this-device', label: 'Log out of this device' },
  { id: 'log-out-everywhere', scope: 'all-devices', label: 'Log out of all devices' },
];
