import { MODAL_WIDTH_PX } from '@ember/contracts/constants';
import { type MouseEvent, type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../../../hooks/use-focus-trap.ts';
import { useScrollLock } from '../../../hooks/use-scroll-lock.ts';
import { CloseIcon } from '../../icons/icons.tsx';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** normal: up to 600 px wide; large: up to 1200 px. */
  size?: keyof typeof MODAL_WIDTH_PX;
  /** Keep the modal open when the dimmed backdrop is clicked (Escape still closes). */
  disableOverlayClose?: boolean;
}

/**
 * Dialog over a dimmed backdrop: focus stays inside, the rest of the page is inert, Escape closes,
 * focus returns on close.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'normal',
  disableOverlayClose = false,
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock(open);
  useFocusTrap(dialogRef, open, onClose);

  if (!open) return null;

  function onOverlayClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget && !disableOverlayClose) onClose();
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Escape and the close button cover keyboards.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div className={styles.overlay} onClick={onOverlayClick} data-testid="modal-overlay">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.dialog}
        style={{ maxWidth: MODAL_WIDTH_PX[size] }}
      >
        {/* Plain divs: a <header>/<footer> outside any section would be a second banner/contentinfo. */}
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <CloseIcon size={18} />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
