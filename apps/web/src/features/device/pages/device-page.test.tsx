import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteGuard } from '../../../app/route-guard.tsx';
import { paths } from '../../../config/paths.ts';
import type { SessionUser } from '../../../lib/auth/auth-context.ts';
import { takeRedirectUri } from '../../../lib/auth/redirect-uri.ts';
import { json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import DevicePage from './device-page.tsx';

const LOOKUP = 'GET /api/shop/device-authorizations/BCDF-GHJK';
const APPROVE = 'POST /api/shop/device-authorizations/BCDF-GHJK/approve';
const DENY = 'POST /api/shop/device-authorizations/BCDF-GHJK/deny';
const NOT_VALID = 'This code is not valid or has expired.';

const request = {
  userCode: 'BCDF-GHJK',
  clientName: 'Ember client on DESKTOP-1',
  createdAt: '2026-11-25T18:00:00.000Z',
  requestedFrom: '203.0.113.0/24',
  expiresAt: '2026-11-25T18:15:00.000Z',
};

function renderDevice(route: string, user: SessionUser | null = customer) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/device"
        element={
          <RouteGuard meta={paths.device.meta}>
            <DevicePage />
          </RouteGuard>
        }
      />
      <Route path="/" element={<h1>Welcome</h1>} />
    </Routes>,
    { route, user: user ?? undefined },
  );
}

const codeField = () => screen.getByLabelText('Code') as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;

describe('/device: approving a game client sign-in (docs/client-api.md §1)', () => {
  it("looks up the code of the client's link and approves it", async () => {
    const api = mockApi({
      [LOOKUP]: () => json(request),
      [APPROVE]: () => json({ message: 'Device approved!' }),
    });
    renderDevice('/device?code=BCDF-GHJK');

    expect(await screen.findByTestId('device-client')).toHaveProperty(
      'textContent',
      'Ember client on DESKTOP-1',
    );
    expect(document.activeElement).toBe(screen.getByTestId('device-client'));
    expect(screen.getByText('Asked at').nextElementSibling?.querySelector('time')?.dateTime).toBe(
      request.createdAt,
    );
    expect(screen.getByText('Expires at').nextElementSibling?.querySelector('time')?.dateTime).toBe(
      request.expiresAt,
    );
    // Issue 32: roughly where the code was asked for, and a warning that never changes.
    expect(screen.getByText('Asked from').nextElementSibling?.textContent).toBe('203.0.113.0/24');
    expect(screen.getByTestId('device-warning').textContent).toBe(
      'Approve only a code your own game client is showing you right now. Never approve a code someone sent you: whoever holds it would play as you.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const outcome = await screen.findByTestId('device-outcome');
    expect(within(outcome).getByRole('heading', { name: 'Device approved!' })).toBeTruthy();
    expect(outcome.textContent).toContain('You can return to the client.');
    expect(api.keys()).toContain(APPROVE);
    expect(api.keys()).not.toContain(DENY);
  });

  it('accepts a typed code in any case, with or without the dash, and denies it', async () => {
    const api = mockApi({ [LOOKUP]: () => json(request), [DENY]: () => json({ message: 'Device denied.' }) });
    renderDevice('/device');

    fireEvent.change(codeField(), { target: { value: 'bcdfghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTestId('device-client');
    await waitFor(() => expect(location()).toBe('/device?code=BCDF-GHJK'));

    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    const outcome = await screen.findByTestId('device-outcome');
    expect(within(outcome).getByRole('heading', { name: 'Device denied.' })).toBeTruthy();
    expect(outcome.textContent).toContain('The client was not signed in.');
    expect(api.keys()).not.toContain(APPROVE);
  });

  it("shows the server's refusal of an unknown or expired code on the form", async () => {
    mockApi({ [LOOKUP]: () => json({ message: NOT_VALID }, 404) });
    renderDevice('/device?code=bcdf-ghjk');

    expect((await screen.findByTestId('form-error')).textContent).toBe(NOT_VALID);
    expect(codeField().value).toBe('bcdf-ghjk');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says what a code looks like before asking the server', async () => {
    const api = mockApi({});
    renderDevice('/device');

    fireEvent.change(codeField(), { target: { value: 'BCD-FG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Enter the 8-letter code your client shows, like BCDF-GHJK.'),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows why an approval was refused when the code expired meanwhile', async () => {
    mockApi({ [LOOKUP]: () => json(request), [APPROVE]: () => json({ message: NOT_VALID }, 404) });
    renderDevice('/device?code=BCDF-GHJK');

    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_VALID);
    expect(screen.queryByTestId('device-outcome')).toBeNull();
  });

  it('asks a guest to sign in right there, with the code, and a Log in that returns here', async () => {
    const api = mockApi({});
    renderDevice('/device?code=bcdfghjk', null);
    expect(
      await screen.findByRole('heading', { name: 'Sign in to approve the game client — code BCDF-GHJK' }),
    ).toBeTruthy();
    const logIn = screen.getByRole('link', { name: 'Log in' });
    const href = new URL(logIn.getAttribute('href') ?? '', 'http://site.invalid');
    expect(href.searchParams.get('returnTo')).toBe('/device?code=bcdfghjk');
    expect(location()).toBe('/device?code=bcdfghjk');
    expect(api.keys()).toEqual([]); // nothing is looked up before the sign-in
    expect(takeRedirectUri()).toBeNull();
  });
});
