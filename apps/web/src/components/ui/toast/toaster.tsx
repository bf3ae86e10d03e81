import { TOAST_DURATION_MS, TOAST_LIMIT } from '@ember/contracts/constants';
import { ToastContainer } from 'react-toastify';

/** Where toasts appear: top right, 5 s each, at most 20 on screen. Loaded by LazyToaster. */
export default function Toaster() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_DURATION_MS}
      limit={TOAST_LIMIT}
      theme="dark"
      newestOnTop
      closeOnClick
      pauseOnHover
    />
  );
}
