import { useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenProvider } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import { notify } from '../lib/toast/notify.ts';
import { LocationProbe } from '../test/render.tsx';
import { Providers } from './providers.tsx';

function Action({ error }: { error: Error }) {
  const mutation = useMutation({ mutationFn: () => Promise.reject(error) });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Complete order
    </button>
  );
}

function runFailingAction(error: Error) {
  const toast = vi.spyOn(notify, 'error').mockResolvedValue();
  render(
    <MemoryRouter initialEntries={['/orders']}>
      <Providers>
        <Action error={error} />
        <LocationProbe />
      </Providers>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Complete order' }));
  return toast;
}

const location = () => screen.getByTestId('location').textContent;

describe('the action error policy (every failed mutation)', () => {
  afterEach(() => setAccessTokenProvider(() => null));

  it("sends a guest's 403 to / with 'You must be logged in to perform this action.'", async () => {
    const toast = runFailingAction(new ApiError(403, 'You do not have permission to do this.'));
    await waitFor(() => expect(location()).toBe('/'));
    expect(toast).toHaveBeenCalledExactlyOnceWith('You must be logged in to perform this action.');
  });

  it("shows a signed-in user's 403 with the server's reason, where they are (issue 34, item 2)", async () => {
    setAccessTokenProvider(() => 'product-jwt');
    const toast = runFailingAction(
      new ApiError(
        403,
        'This account is on hold while staff review a payment dispute. Contact us on Discord.',
      ),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledExactlyOnceWith(
        'This account is on hold while staff review a payment dispute. Contact us on Discord.',
      ),
    );
    expect(location()).toBe('/orders');
  });

  it("shows any other error's message and stays on the page", async () => {
    const toast = runFailingAction(new ApiError(409, 'This order is already completed.'));
    await waitFor(() => expect(toast).toHaveBeenCalledExactlyOnceWith('This order is already completed.'));
    expect(location()).toBe('/orders');
  });

  it("falls back to 'An error occurred.'", async () => {
    const toast = runFailingAction(new ApiError(500, ''));
    await waitFor(() => expect(toast).toHaveBeenCalledExactlyOnceWith('An error occurred.'));
  });

  it('stays quiet when the session policy already told the user', async () => {
    const toast = runFailingAction(new ApiError(401, 'Your session has expired', { handled: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast).not.toHaveBeenCalled();
    expect(location()).toBe('/orders');
  });
});
