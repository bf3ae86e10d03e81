import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DisplayName } from './display-name.tsx';

describe('DisplayName', () => {
  it('puts the gem before a VIP user’s name', () => {
    const { container } = render(<DisplayName user={{ displayName: 'Olivia', vip: true }} />);
    const gem = screen.getByRole('img', { name: 'VIP' });
    expect(container.textContent).toContain('Olivia');
    expect(
      gem.compareDocumentPosition(screen.getByText('Olivia')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows no gem for other users', () => {
    render(<DisplayName user={{ displayName: 'Carl', vip: false }} />);
    expect(screen.queryByRole('img', { name: 'VIP' })).toBeNull();
    expect(screen.getByText('Carl')).toBeTruthy();
  });
});
