import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/toast/notify.ts';
import { json, mockApi } from '../../test/mock-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { developer } from '../../test/test-users.ts';
import { AccessListCard } from './access-list-card.tsx';

// A whitelist or blacklist asks for a Discord id before it sends one.

describe('whitelist add', () => {
  it("asks for an id with 'Please enter a discord id', then adds it", async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({
      'GET /api/shop/prices/52/whitelist': () => json([]),
      'POST /api/shop/prices/52/whitelist': ({ url }) =>
        json(
          {
            id: 1,
            userId: 10,
            discordId: url.searchParams.get('discordId'),
            username: 'customer',
            displayName: 'C',
          },
          201,
        ),
    });
    renderWithProviders(<AccessListCard owner={{ level: 'price', id: 52 }} list="whitelist" />, {
      user: developer,
    });
    const box = await screen.findByPlaceholderText('Users Discord ID');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a discord id')).toBeTruthy();
    expect(api.keys()).not.toContain('POST /api/shop/prices/52/whitelist');

    fireEvent.change(box, { target: { value: ' 314159265358979310 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.last('POST /api/shop/prices/52/whitelist')?.url.searchParams.get('discordId')).toBe(
        '314159265358979310',
      ),
    );
  });
});
