import { markToastsRequested, whenToasterMounted } from './toast-demand.ts';

async function showToast(kind: 'success' | 'error', message: string): Promise<void> {
  markToastsRequested();
  const { toast } = await import('react-toastify');
  await whenToasterMounted();
  toast[kind](message);
}

/** Toast messages: the app's one way to tell the user that something worked or failed. */
export const notify = {
  success(message: string): Promise<void> {
    return showToast('success', message);
  },
  error(message: string): Promise<void> {
    return showToast('error', message);
  },
};
