import { vi } from 'vitest';
import { notify } from '../lib/toast/notify.ts';

/** The toasts silenced and spied on, to assert what they said. */
export function spyOnToasts() {
  return {
    error: vi.spyOn(notify, 'error').mockResolvedValue(),
    success: vi.spyOn(notify, 'success').mockResolvedValue(),
  };
}
