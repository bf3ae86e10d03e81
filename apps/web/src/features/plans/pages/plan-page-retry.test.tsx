import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast/notify.ts';
import { type ApiCall, inOrder, json } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { soldSubscriptionFixture } from '../../../test/subscription-fixture.ts';
import { customer } from '../../../test/test-users.ts';
import { planDetailFixture } from '../test/plan-fixtures.ts';
import { confirmPurchase, type Handlers, mockPlan } from '../test/plan-page-harness.ts';
import PlanPage from './plan-page.tsx';

// Issue 22: every purchase and gift carries an Idempotency-Key. Pressed again after it failed (the
// answer lost with a restarting server or the network), the same sale is sent with the same key, so
// the server answers the first sale instead of charging twice; a new sale after a success gets a
// new key.

const PURCHASE = 'POST /api/shop/subscriptions';
const GIFT = 'POST /api/shop/subscriptions/gift';

async function renderForSale(handlers: Handlers) {
  const plan = planDetailFixture();
  const api = mockPlan(plan, [], handlers);
  renderWithProviders(
    <Routes>
      <Route path="/shop/:id" element={<PlanPage />} />
    </Routes>,
    { route: `/shop/${plan.id}`, user: customer },
  );
  await screen.findByRole('heading', { level: 1, name: plan.name });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
  return api;
}

const keysOf = (calls: ApiCall[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.headers.get('Idempotency-Key'));

const lostAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

describe('purchase and gift keys', () => {
  it('sends a failed purchase again with its key, and the next purchase with a new one', async () => {
    vi.spyOn(notify, 'success').mockResolvedValue();
    const api = await renderForSale({
      [PURCHASE]: inOrder(lostAnswer, () => json(soldSubscriptionFixture(), 201)),
    });
    for (let press = 1; press <= 3; press++) {
      fireEvent.click(await screen.findByRole('button', { name: 'Purchase' }));
      await confirmPurchase();
      await waitFor(() => expect(keysOf(api.calls, PURCHASE)).toHaveLength(press));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const [failed, retried, next] = keysOf(api.calls, PURCHASE);
    expect(failed).toMatch(/^[0-9a-f-]{36}$/);
    expect(retried).toBe(failed);
    expect(next).not.toBe(failed);
  });

  it('sends a failed gift again with its key, and the next gift with a new one', async () => {
    vi.spyOn(notify, 'success').mockResolvedValue();
    const api = await renderForSale({
      [GIFT]: inOrder(
        () => json({ message: 'Bad gateway' }, 502),
        () => json(soldSubscriptionFixture(), 201),
      ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    const dialog = await screen.findByRole('dialog', { name: /^Gift / });
    const sendTo = async (discordId: string) => {
      fireEvent.change(within(dialog).getByLabelText("Receiver's Discord ID"), {
        target: { value: discordId },
      });
      const next = within(dialog).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
      await waitFor(() => expect(next.disabled).toBe(false));
      fireEvent.click(next);
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Send gift' }));
    };
    await sendTo('314159265358979309');
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send gift' }));
    await waitFor(() => expect(keysOf(api.calls, GIFT)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    const again = await screen.findByRole('dialog', { name: /^Gift / });
    fireEvent.change(within(again).getByLabelText("Receiver's Discord ID"), {
      target: { value: '314159265358979399' },
    });
    const next = within(again).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    fireEvent.click(await within(again).findByRole('button', { name: 'Send gift' }));
    await waitFor(() => expect(keysOf(api.calls, GIFT)).toHaveLength(3));

    const [failed, retried, other] = keysOf(api.calls, GIFT);
    expect(failed).toMatch(/^[0-9a-f-]{36}$/);
    expect(retried).toBe(failed);
    expect(other).not.toBe(failed);
  });
});
