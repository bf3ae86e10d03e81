import { TOAST_DURATION_MS, TOAST_LIMIT } from '@ember/contracts/constants';
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { markToasterMounted } from '../../../lib/toast/toast-demand.ts';

/** Where toasts appear: top right, 5 s each, at most 20 on screen. Loaded by LazyToaster. */
export default function Toaster() {
  useEffect(markToasterMounted, []);
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
