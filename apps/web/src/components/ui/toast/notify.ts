import { toast } from 'react-toastify';

/** Toast messages. The app's one way to tell the user that something worked or failed. */
export const notify = {
  success(message: string) {
    toast.success(message);
  },
  error(message: string) {
    toast.error(message);
  },
};
