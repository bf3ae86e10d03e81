import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

const question = 'Are you sure you want to delete this subscription?';

describe('ConfirmDialog', () => {
  it('asks the question and confirms or cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        title="Delete subscription"
        message={question}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete subscription' }).textContent).toContain(question);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("shows 'Processing...' and blocks Cancel while the action runs", () => {
    renderWithProviders(
      <ConfirmDialog
        open
        title="Delete"
        message={question}
        onConfirm={() => {}}
        onCancel={() => {}}
        confirming
      />,
    );
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
  });
});
