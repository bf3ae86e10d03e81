import { MODAL_WIDTH_PX } from '@ember/contracts/constants';
import { type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
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
  /** A click began inside this dialog since it opened (a mouse button went down here). */
  const clickBeganHere = useRef(false);
  useScrollLock(open);
  useFocusTrap(dialogRef, open, onClose);
  useEffect(() => {
    if (open) clickBeganHere.current = false;
  }, [open]);

  if (!open) return null;

  function onOverlayClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget && !disableOverlayClose) onClose();
  }

  /**
   * The second click of a double click whose first click opened this dialog (a double click on
   * Buy) lands on what is now under the pointer: the backdrop, Cancel, OK. It is not an answer to
   * the dialog, so it does nothing (issue 26). A click sequence that began here, and keyboard
   * presses (detail 0), act as usual.
   */
  function onMouseDownCapture(event: MouseEvent<HTMLDivElement>) {
    if (event.detail <= 1) clickBeganHere.current = true;
    // Nor does it select the word under the pointer (a double click's default).
    else if (!clickBeganHere.current) event.preventDefault();
  }
  function onClickCapture(event: MouseEvent<HTMLDivElement>) {
    if (event.detail > 1 && !clickBeganHere.current) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Escape and the close button cover keyboards.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div
      className={styles.overlay}
      onClick={onOverlayClick}
      onMouseDownCapture={onMouseDownCapture}
      onClickCapture={onClickCapture}
      data-testid="modal-overlay"
    >
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
