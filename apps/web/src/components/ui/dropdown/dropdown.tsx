import { DROPDOWN_CLOSE_DELAY_MS } from '@ember/contracts/constants';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { ExternalLinkIcon } from '../../icons/icons.tsx';
import { DisclosureChevron } from '../disclosure-chevron/disclosure-chevron.tsx';
import styles from './dropdown.module.css';

interface ItemBase {
  id: string;
  label: ReactNode;
  icon?: ReactNode;
}

export type DropdownItem =
  | (ItemBase & { kind: 'route'; to: string })
  | (ItemBase & { kind: 'external'; href: string })
  | (ItemBase & { kind: 'action'; onSelect: () => void })
  /** Non-interactive line, e.g. a loading or empty hint. */
  | (ItemBase & { kind: 'note' });

interface DropdownProps {
  /** What the trigger button shows. */
  label: ReactNode;
  items: readonly DropdownItem[];
  /** Which edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  /** Accessible name of the menu panel when the label is not plain text. */
  menuLabel?: string;
}

const ITEM_SELECTOR = '[data-dropdown-item]';

/**
 * A navigation dropdown: opens on hover (closing 100 ms after the pointer leaves) and from the
 * keyboard (Enter / Space / ArrowDown on the trigger, arrows to move, Escape to close).
 */
export function Dropdown({ label, items, align = 'start', menuLabel }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const focusFirstItem = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  function cancelClose() {
    clearTimeout(closeTimer.current);
  }

  function openNow() {
    cancelClose();
    setOpen(true);
  }

  function closeNow() {
    cancelClose();
    setOpen(false);
  }

  function closeSoon() {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  }

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (!open || !focusFirstItem.current) return;
    focusFirstItem.current = false;
    rootRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
  }, [open]);

  function itemElements(): HTMLElement[] {
    return Array.from(rootRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
  }

  function onTriggerClick(event: MouseEvent<HTMLButtonElement>) {
    // Keyboard activation (detail 0) toggles; a mouse click keeps a hover-opened menu open.
    if (event.detail === 0) {
      if (open) closeNow();
      else openNow();
    } else {
      openNow();
    }
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) itemElements()[0]?.focus();
      else {
        focusFirstItem.current = true;
        openNow();
      }
    }
  }

  function onRootKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      closeNow();
      triggerRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (event.target === triggerRef.current) return; // handled by onTriggerKeyDown
    const elements = itemElements();
    const index = elements.indexOf(document.activeElement as HTMLElement);
    if (index === -1) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    elements[(next + elements.length) % elements.length]?.focus();
  }

  function onRootBlur(event: FocusEvent<HTMLDivElement>) {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) closeNow();
  }

  function renderItem(item: DropdownItem) {
    const content = (
      <>
        {item.icon ? <span className={styles.itemIcon}>{item.icon}</span> : null}
        <span className={styles.itemLabel}>{item.label}</span>
      </>
    );
    switch (item.kind) {
      case 'route':
        return (
          <Link to={item.to} className={styles.item} data-dropdown-item="" onClick={closeNow}>
            {content}
          </Link>
        );
      case 'external':
        return (
          <a
            href={item.href}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.item}
            data-dropdown-item=""
            onClick={closeNow}
          >
            {content}
            <ExternalLinkIcon size={14} className={styles.externalIcon} />
          </a>
        );
      case 'action':
        return (
          <button
            type="button"
            className={styles.item}
            data-dropdown-item=""
            onClick={() => {
              closeNow();
              item.onSelect();
            }}
          >
            {content}
          </button>
        );
      case 'note':
        return <span className={`${styles.item} ${styles.note}`}>{content}</span>;
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and key handling of the whole widget; the trigger is the button.
    <div
      ref={rootRef}
      className={styles.root}
      onMouseEnter={openNow}
      onMouseLeave={closeSoon}
      onKeyDown={onRootKeyDown}
      onBlur={onRootBlur}
    >
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        <DisclosureChevron open={open} />
      </button>
      {open ? (
        <div id={panelId} className={`${styles.panel} ${align === 'end' ? styles.alignEnd : ''}`}>
          <ul className={styles.list} aria-label={menuLabel}>
            {items.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
