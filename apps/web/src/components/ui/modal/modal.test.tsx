import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { Modal } from './modal.tsx';

function ModalHarness({ disableOverlayClose = false }: { disableOverlayClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Order details"
        disableOverlayClose={disableOverlayClose}
        footer={<button type="button">Save</button>}
      >
        <button type="button">Complete</button>
      </Modal>
    </>
  );
}

function openModal() {
  fireEvent.click(screen.getByRole('button', { name: 'Open details' }));
  return screen.getByRole('dialog', { name: 'Order details' });
}

describe('Modal', () => {
  it('opens as a labelled modal dialog and moves focus into it', () => {
    renderWithProviders(<ModalHarness />);
    const dialog = openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes when the backdrop is clicked', () => {
    renderWithProviders(<ModalHarness />);
    openModal();
    fireEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close on a click inside the dialog', () => {
    renderWithProviders(<ModalHarness />);
    openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('stays open on a backdrop click when overlay closing is disabled', () => {
    renderWithProviders(<ModalHarness disableOverlayClose />);
    openModal();
    fireEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog', { name: 'Order details' })).toBeTruthy();
  });

  it('closes on Escape and gives focus back to the button that opened it', () => {
    renderWithProviders(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    opener.focus();
    const dialog = openModal();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its close button', () => {
    renderWithProviders(<ModalHarness />);
    openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('makes the rest of the page inert while open, adds no landmarks of its own, and gives focus back on close', () => {
    const { container } = renderWithProviders(
      <>
        <header>Site navigation</header>
        <ModalHarness />
        <footer>Site footer</footer>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open details' });
    opener.focus();
    const dialog = openModal();
    expect(container.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
    expect(dialog.querySelectorAll('header, footer, main, nav, aside, section')).toHaveLength(0);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(container.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('ignores the second click of the double click that opened it, on the backdrop or a button', () => {
    renderWithProviders(<ModalHarness />);
    const open = screen.getByRole('button', { name: 'Open details' });
    fireEvent.mouseDown(open, { detail: 1 });
    fireEvent.click(open, { detail: 1 });
    const overlay = screen.getByTestId('modal-overlay');
    const down = fireEvent.mouseDown(overlay, { detail: 2 });
    fireEvent.click(overlay, { detail: 2 });
    expect(screen.getByRole('dialog', { name: 'Order details' })).toBeTruthy();
    // Nor does that second press select a word.
    expect(down).toBe(false);
    // A click that begins inside the dialog acts as usual, the second of a double click too.
    fireEvent.mouseDown(overlay, { detail: 1 });
    fireEvent.click(overlay, { detail: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
