import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { Modal } from '../modal/modal.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this subscription?' */
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  /** The confirmed action is running: the confirm button shows 'Processing...'. */
  confirming?: boolean;
}

/** Asks before an action; built on Modal. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  confirming = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      disableOverlayClose={confirming}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={confirming}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} loading={confirming}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
