import { notify } from '../../../lib/toast/notify.ts';

/**
 * Copies `text` to the clipboard and says whether it worked (spec §8): 'Successfully copied {what}'
 * or 'Failed to copy {what}'. Resolves true when it was copied.
 */
export async function copyWithNotice(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    void notify.success(`Successfully copied ${what}`);
    return true;
  } catch {
    void notify.error(`Failed to copy ${what}`);
    return false;
  }
}
