import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { customer, vipOwner } from '../../test/test-users.ts';
import { RequireRole } from './require-role.tsx';

function AdminTools() {
  return (
    <RequireRole roles={['ADMIN']} fallback={<p>Admins only</p>}>
      <button type="button">Clear all sessions</button>
    </RequireRole>
  );
}

describe('RequireRole', () => {
  it('shows its content to a user with one of the roles', () => {
    renderWithProviders(<AdminTools />, { user: vipOwner });
    expect(screen.getByRole('button', { name: 'Clear all sessions' })).toBeTruthy();
  });

  it('shows the fallback to a user without the roles', () => {
    renderWithProviders(<AdminTools />, { user: customer });
    expect(screen.queryByRole('button', { name: 'Clear all sessions' })).toBeNull();
    expect(screen.getByText('Admins only')).toBeTruthy();
  });

  it('never shows role-gated content to a guest', () => {
    renderWithProviders(<AdminTools />);
    expect(screen.queryByRole('button', { name: 'Clear all sessions' })).toBeNull();
  });
});
