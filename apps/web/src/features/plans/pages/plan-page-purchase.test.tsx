import type { PlanDetail } from '@ember/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';
import { notify } from '../../../lib/toast/notify.ts';
import { inOrder, json } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { soldSubscriptionFixture } from '../../../test/subscription-fixture.ts';
import { currentUserBody, customer } from '../../../test/test-users.ts';
import { spyOnToasts } from '../../../test/toasts.ts';
import { planDetailFixture, priceFixture, yearlyOnPromoFixture } from '../test/plan-fixtures.ts';
import {
  confirmPurchase,
  fieldNote,
  type Handlers,
  LOOKUP,
  MY_SUBSCRIPTIONS,
  mockPlan,
  option,
} from '../test/plan-page-harness.ts';
import PlanPage from './plan-page.tsx';

/** Reads the balance like the nav does: from the current-user query. */
function BalanceProbe() {
  const me = useQuery({
    queryKey: userKeys.me,
    queryFn: async () => (await fetch('/api/shop/users/me')).json() as Promise<{ balance: number }>,
  });
  return <output data-testid="balance">{me.data?.balance ?? ''}</output>;
}

const promoPlan = () =>
  planDetailFixture({
    prices: [priceFixture({ id: 1, name: 'Monthly', price: 650 }), yearlyOnPromoFixture()],
  });

async function renderForSale(plan: PlanDetail, handlers: Handlers) {
  const api = mockPlan(plan, [], {
    'GET /api/shop/users/me': inOrder(
      () => json(currentUserBody({ balance: 12345 })),
      () => json(currentUserBody({ balance: 8565 })),
    ),
    ...handlers,
  });
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/shop/:id" element={<PlanPage />} />
      </Routes>
      <BalanceProbe />
    </>,
    { route: `/shop/${plan.id}`, user: customer },
  );
  await screen.findByRole('heading', { level: 1, name: plan.name });
  await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('12345'));
  fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
  return { api, ...view };
}

const continueButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

const saleQuery = (call: { url: URL } | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

describe('buying and gifting on the plan page', () => {
  it('previews a discount code and shows the total with it, or says why it cannot be used', async () => {
    await renderForSale(promoPlan(), {
      'GET /api/shop/subscriptions/discount-check': ({ url }: { url: URL }) =>
        url.searchParams.get('discountCode') === 'SPRING10'
          ? json({ discountCode: 'SPRING10', discountPercent: 10 })
          : json({ message: 'This discount code has expired.' }, 400),
    });
    fireEvent.click(within(option(2)).getByRole('radio'));
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: ' spring10 ' } });
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('3,402 credits'));
    expect(screen.getByTestId('discount-code-note').textContent).toContain('10% off');

    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'OLD15' } });
    await waitFor(() =>
      expect(screen.getByTestId('discount-code-note').textContent).toBe('This discount code has expired.'),
    );
    expect(screen.getByTestId('checkout-total').textContent).toBe('3,780 credits');
  });

  it('buys the selected price with the typed code, toasts the exact message and refreshes the balance', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const { api, queryClient } = await renderForSale(promoPlan(), {
      'POST /api/shop/subscriptions': () =>
        json(soldSubscriptionFixture({ priceId: 2, priceName: 'Yearly', purchasePrice: 3402 }), 201),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(within(option(2)).getByRole('radio'));
    expect(screen.getByTestId('checkout-total').textContent).toBe('3,780 credits');
    expect(screen.getByText('Includes the 10% promo.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: ' spring10 ' } });
    expect(screen.getByTestId('discount-code-note')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await confirmPurchase();
    await waitFor(() => expect(success).toHaveBeenCalledWith("Successfully purchased Sailor's Compass"));
    // The server prices the sale: only the price and the code are sent, never a total.
    expect(saleQuery(api.last('POST /api/shop/subscriptions'))).toEqual({
      priceId: '2',
      discountCode: 'SPRING10',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['users', 'me'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: subscriptionKeys.all });
    // The nav's balance updates without a reload.
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('8565'));
    // The toast is the one message (issue 34, item 8): the buy box adds none.
    expect(success).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Purchased for/)).toBeNull();
  });

  it('sends no discount code for a price that does not offer the field', async () => {
    vi.spyOn(notify, 'success').mockResolvedValue();
    const { api } = await renderForSale(promoPlan(), {
      'POST /api/shop/subscriptions': () => json(soldSubscriptionFixture(), 201),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await confirmPurchase();
    await waitFor(() => expect(api.keys()).toContain('POST /api/shop/subscriptions'));
    expect(saleQuery(api.last('POST /api/shop/subscriptions'))).toEqual({ priceId: '1' });
  });

  it("shows 'Processing...' while the purchase runs and never sends it twice", async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    let answer: (response: Response) => void = () => {};
    const { api } = await renderForSale(promoPlan(), {
      'POST /api/shop/subscriptions': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const purchase = screen.getByRole('button', { name: 'Purchase' });
    fireEvent.click(purchase);
    fireEvent.click(purchase);
    const dialog = await screen.findByRole('dialog', { name: /^Buy / });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    const pay = within(dialog).getByRole('button', { name: 'Pay 650 credits' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Gift', hidden: true }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(busy);
    expect(api.count('POST /api/shop/subscriptions')).toBe(1);

    answer(json(soldSubscriptionFixture(), 201));
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeTruthy();
  });

  it('keeps the buyer on the page, ready to retry, when the server refuses', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const { api } = await renderForSale(promoPlan(), {
      'POST /api/shop/subscriptions': () => json({ message: 'Not enough credits.' }, 400),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await confirmPurchase();
    await waitFor(() => expect(api.keys()).toContain('POST /api/shop/subscriptions'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const purchase = await screen.findByRole('button', { name: 'Purchase' });
    expect((purchase as HTMLButtonElement).disabled).toBe(false);
    expect(success).not.toHaveBeenCalled();
    expect(screen.queryByText(/Purchased for/)).toBeNull();
  });

  it("shows the server's refusal of a purchase in the buy box", async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    await renderForSale(promoPlan(), {
      'POST /api/shop/subscriptions': () => json({ message: 'Not enough credits.' }, 400),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await confirmPurchase();
    const buyBox = screen
      .getByRole('heading', { name: 'Choose your option' })
      .closest('section') as HTMLElement;
    expect((await within(buyBox).findByRole('alert')).textContent).toBe('Not enough credits.');
    // Shown once, where it happened (issue 26, item 6): not toasted as well.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(error).not.toHaveBeenCalled();
  });

  it('refuses a discount code the server could never accept before buying', async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    const { api } = await renderForSale(promoPlan(), {
      'GET /api/shop/subscriptions/discount-check': () =>
        json({ message: 'This discount code does not exist.' }, 404),
    });
    fireEvent.click(within(option(2)).getByRole('radio'));
    const code = screen.getByLabelText('Discount code');
    fireEvent.change(code, { target: { value: 'no spaces allowed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    // Once, under the code (issue 26, item 6): not also as a toast.
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('This discount code does not exist.')).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
    expect(api.keys()).not.toContain('POST /api/shop/subscriptions');
  });

  it('asks for the receiver before gifting and checks it like the server', async () => {
    const { error, success } = spyOnToasts();
    const { api } = await renderForSale(promoPlan(), {
      'POST /api/shop/subscriptions/gift': () =>
        json(
          soldSubscriptionFixture({ user: { id: 9, discordId: '314159265358979309', username: 'vip' } }),
          201,
        ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    const dialog = await screen.findByRole('dialog', { name: "Gift Sailor's Compass" });
    expect(within(dialog).getByText('650 credits')).toBeTruthy();
    const receiver = within(dialog).getByLabelText("Receiver's Discord ID");

    fireEvent.change(receiver, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please enter a valid discord id')).toBeTruthy();
    expect(error).not.toHaveBeenCalled();
    expect(receiver.getAttribute('aria-invalid')).toBe('true');
    expect(api.keys()).not.toContain('POST /api/shop/subscriptions/gift');

    fireEvent.change(receiver, { target: { value: ' 314159265358979309 ' } });
    await waitFor(() => expect(within(dialog).queryByText('Please enter a valid discord id')).toBeNull());
    // Named as it is typed, then Continue may be pressed.
    await waitFor(() => expect(fieldNote(receiver)).toBe('Receiver: Vera VIP (@vip).'));
    fireEvent.click(continueButton(dialog));
    // The receiver is named before anything is spent.
    expect((await within(dialog).findByTestId('gift-receiver')).textContent).toContain('Vera VIP (@vip)');
    expect(api.keys()).not.toContain('POST /api/shop/subscriptions/gift');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send gift' }));
    // One message, naming the receiver (issue 34, item 8): no second one in the buy box.
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith("Successfully gifted Sailor's Compass to Vera VIP (@vip)"),
    );
    expect(success).toHaveBeenCalledTimes(1);
    expect(saleQuery(api.last('POST /api/shop/subscriptions/gift'))).toEqual({
      discordId: '314159265358979309',
      priceId: '1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('8565'));
    expect(api.keys()).not.toContain('POST /api/shop/subscriptions');
  });

  it("shows the server's refusal in the gift dialog and keeps it open to correct", async () => {
    const { error, success } = spyOnToasts();
    const { api } = await renderForSale(promoPlan(), {
      'POST /api/shop/subscriptions/gift': () => json({ message: 'No user with that Discord ID' }, 404),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    const dialog = await screen.findByRole('dialog', { name: "Gift Sailor's Compass" });
    fireEvent.change(within(dialog).getByLabelText("Receiver's Discord ID"), {
      target: { value: '314159265358979399' },
    });
    await waitFor(() => expect(continueButton(dialog).disabled).toBe(false));
    fireEvent.click(continueButton(dialog));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send gift' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('No user with that Discord ID');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(error).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(api.count('POST /api/shop/subscriptions/gift')).toBe(1);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect((within(dialog).getByRole('button', { name: 'Send gift' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows the gift total with the discount code the buyer entered, as the server will charge it', async () => {
    await renderForSale(promoPlan(), {
      'GET /api/shop/subscriptions/discount-check': () =>
        json({ discountCode: 'SPRING10', discountPercent: 10 }),
    });
    fireEvent.click(within(option(2)).getByRole('radio'));
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'spring10' } });
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('3,402 credits'));
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    const dialog = await screen.findByRole('dialog', { name: "Gift Sailor's Compass" });
    expect(within(dialog).getByText('3,402 credits')).toBeTruthy();
    expect(within(dialog).queryByText('3,780 credits')).toBeNull();
    expect(within(dialog).getByText('SPRING10')).toBeTruthy();
  });

  it.each([
    ['an id with no account', '314159265358979399', 'No user with that Discord ID.'],
    ['your own id', customer.discordId, 'You cannot gift a subscription to yourself. Buy it instead.'],
    ['a banned account', '314159265358979311', 'banned is banned and cannot receive subscriptions.'],
  ])('refuses %s as it is typed, before the confirmation, and sends nothing', async (_case, id, message) => {
    const { api } = await renderForSale(promoPlan(), {
      [LOOKUP]: ({ url }) => {
        const discordId = url.searchParams.get('discordId');
        if (discordId === '314159265358979399')
          return json({ message: 'No user with that Discord ID.' }, 404);
        const banned = discordId === '314159265358979311';
        return json({ discordId, username: banned ? 'banned' : 'customer', displayName: 'Someone', banned });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    const dialog = await screen.findByRole('dialog', { name: "Gift Sailor's Compass" });
    const receiver = within(dialog).getByLabelText("Receiver's Discord ID");
    fireEvent.change(receiver, { target: { value: id } });
    await waitFor(() => expect(receiver.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(receiver.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      message,
    );
    expect(continueButton(dialog).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Send gift' })).toBeNull();
    expect(api.count(LOOKUP)).toBe(1);
    expect(api.keys()).not.toContain('POST /api/shop/subscriptions/gift');
  });

  it('looks the receiver up once per pause in the typing, and shows the answer for the id typed last', async () => {
    let answerFirst: (response: Response) => void = () => {};
    const { api } = await renderForSale(promoPlan(), {
      [LOOKUP]: ({ url }) => {
        const discordId = url.searchParams.get('discordId');
        // The first id's answer comes late, after the second id's.
        if (discordId === '314159265358979311')
          return new Promise<Response>((resolve) => {
            answerFirst = resolve;
          });
        return json({ discordId, username: 'vip', displayName: 'Vera VIP', banned: false });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    const dialog = await screen.findByRole('dialog', { name: "Gift Sailor's Compass" });
    const receiver = within(dialog).getByLabelText("Receiver's Discord ID");
    // Typed digit by digit without a pause: no lookup of the ids on the way.
    for (const end of ['3141592653589793', '31415926535897931', '314159265358979311'])
      fireEvent.change(receiver, { target: { value: end } });
    await waitFor(() => expect(api.count(LOOKUP)).toBe(1));
    expect(fieldNote(receiver)).toBe('Checking the receiver...');
    expect(continueButton(dialog).disabled).toBe(true);

    fireEvent.change(receiver, { target: { value: '314159265358979309' } });
    await waitFor(() => expect(fieldNote(receiver)).toBe('Receiver: Vera VIP (@vip).'));
    answerFirst(
      json({ discordId: '314159265358979311', username: 'banned', displayName: 'B', banned: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fieldNote(receiver)).toBe('Receiver: Vera VIP (@vip).');
    expect(receiver.getAttribute('aria-invalid')).toBeNull();
    expect(continueButton(dialog).disabled).toBe(false);
    expect(
      api.calls.filter((call) => call.key === LOOKUP).map((call) => call.url.searchParams.get('discordId')),
    ).toEqual(['314159265358979311', '314159265358979309']);
  });

  it('closes the gift dialog on Cancel without sending anything', async () => {
    const { api } = await renderForSale(promoPlan(), {});
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.keys().filter((key) => key.startsWith('POST'))).toEqual([]);
  });
});

describe('what the buyer already holds, and what the server would refuse', () => {
  const heldUntil = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const holds = (overrides = {}) => ({
    [MY_SUBSCRIPTIONS]: () =>
      json([soldSubscriptionFixture({ expireDate: heldUntil, subscriptionPeriod: 'WEEKLY', ...overrides })]),
  });

  it("says 'You already have this plan until …' and asks with the total before any credits are spent", async () => {
    vi.spyOn(notify, 'success').mockResolvedValue();
    const { api } = await renderForSale(promoPlan(), {
      ...holds(),
      'POST /api/shop/subscriptions': () => json(soldSubscriptionFixture(), 201),
    });
    const until = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(heldUntil),
    );
    expect((await screen.findByTestId('held-note')).textContent).toBe(
      `You already have this plan until ${until}.`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    const dialog = await screen.findByRole('dialog', { name: "Buy Sailor's Compass?" });
    expect(dialog.textContent).toContain(`You already have this plan until ${until}.`);
    expect(dialog.textContent).toContain('Monthly: 650 credits will be taken from your balance.');
    expect(api.keys()).not.toContain('POST /api/shop/subscriptions');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.keys()).not.toContain('POST /api/shop/subscriptions');

    // Cancelled means nothing is running: Purchase asks again, and Pay buys once.
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await confirmPurchase();
    await waitFor(() => expect(api.keys()).toContain('POST /api/shop/subscriptions'));
    expect(api.count('POST /api/shop/subscriptions')).toBe(1);
  });

  it('says nothing about holding the plan when the subscription ran out or was refunded', async () => {
    await renderForSale(promoPlan(), {
      [MY_SUBSCRIPTIONS]: () =>
        json([
          soldSubscriptionFixture({ id: 1, expireDate: new Date(Date.now() - 86_400_000).toISOString() }),
          soldSubscriptionFixture({ id: 2, refunded: 650 }),
        ]),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Purchase' })).toBeTruthy());
    expect(screen.queryByTestId('held-note')).toBeNull();
  });

  it('marks options the server would refuse as unavailable, with the reason, before the click', async () => {
    await renderForSale(
      planDetailFixture({
        prices: [
          priceFixture({ id: 1, name: 'Weekly', price: 300 }),
          priceFixture({ id: 2, name: 'VIP Weekly', price: 200, vipOnly: true }),
          priceFixture({ id: 3, name: 'Forever', period: 'LIFETIME', price: 20_000 }),
          priceFixture({ id: 4, name: 'Free trial', period: 'LIFETIME', price: 0 }),
        ],
      }),
      holds({ priceId: 4, expireDate: null, purchasePrice: 0 }),
    );
    const reason = (priceId: number) =>
      within(option(priceId)).queryByTestId('option-unavailable')?.textContent;
    await waitFor(() => expect(reason(4)).toBe('Unavailable You already have this free subscription.'));
    expect(reason(1)).toBeUndefined();
    expect(reason(2)).toBe('Unavailable This option is for VIP members only.');
    expect(reason(3)).toBe(
      'Unavailable Not enough credits: this costs 20,000 credits and you have 12,345 credits.',
    );
    expect(screen.getByTestId('held-note').textContent).toBe('You already have this plan for life.');

    const purchase = () => screen.getByRole('button', { name: 'Purchase' }) as HTMLButtonElement;
    const gift = () => screen.getByRole('button', { name: 'Gift' }) as HTMLButtonElement;
    expect(purchase().disabled).toBe(false);

    fireEvent.click(within(option(2)).getByRole('radio'));
    expect(purchase().disabled).toBe(true);
    expect(gift().disabled).toBe(false); // the receiver may be a VIP: the server decides

    fireEvent.click(within(option(3)).getByRole('radio'));
    expect(purchase().disabled).toBe(true);
    expect(gift().disabled).toBe(true);

    fireEvent.click(within(option(4)).getByRole('radio'));
    expect(purchase().disabled).toBe(true);
    expect(screen.getByTestId('unavailable-reason').textContent).toBe(
      'You already have this free subscription.',
    );
    expect(gift().disabled).toBe(false);
  });
});
