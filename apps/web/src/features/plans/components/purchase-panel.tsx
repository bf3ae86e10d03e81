import type { PlanPrice } from '@ember/contracts/catalog';
import { purchaseQuery } from '@ember/contracts/subscriptions';
import { z } from '@ember/contracts/zod';
import { useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { TermsAgreement } from '../../../components/form/terms-agreement.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { CheckIcon, GiftIcon } from '../../../components/icons/icons.tsx';
import { MembersOnlyLink } from '../../../components/sign-in-button/members-only-link.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { visuallyHiddenClass } from '../../../components/visually-hidden/visually-hidden.tsx';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { rememberSignInOrigin } from '../../../lib/auth/redirect-uri.ts';
import { creditsCount, creditsLabel } from '../../../lib/format/money.ts';
import { type PlanHolding, planHoldingMessage } from '../../../lib/subscriptions/plan-holding.ts';
import stack from '../../../styles/stack.module.css';
import { useDiscountCodeCheck } from '../api/check-discount-code.ts';
import { type KeptCheckout, keepCheckoutForSignIn } from '../hooks/use-kept-checkout.ts';
import { expectedCharge, type SlotDisplay } from '../utils/price-display.ts';
import { AVAILABLE, availabilityOf } from '../utils/purchase-availability.ts';
import { PriceOption } from './price-option.tsx';
import styles from './purchase-panel.module.css';

const NO_PRICES: ReadonlySet<number> = new Set();

const SALE_ACTIONS = ['purchase', 'gift'] as const satisfies readonly KeptCheckout['action'][];

/** The two sale buttons: Purchase is the main one, Gift the second. */
const SALE_BUTTON_LOOK = {
  purchase: { label: 'Purchase', size: 'lg' },
  gift: { label: 'Gift', variant: 'secondary', icon: <GiftIcon size={18} /> },
} as const;

/** Spec §5: purchase and gift need the terms checkbox. */
export const TERMS_REQUIRED_MESSAGE = 'Please agree to the terms of service';

/** The buy box's form: the terms (checked here only), then the discount code as the server checks it. */
const checkoutForm = z.object({
  acceptedTerms: z.boolean().refine((accepted) => accepted, TERMS_REQUIRED_MESSAGE),
  discountCode: purchaseQuery.shape.discountCode,
});
type CheckoutFormInput = z.input<typeof checkoutForm>;

export interface CheckoutRequest {
  kind: 'purchase' | 'gift';
  price: PlanPrice;
  /** Only offered (and sent) for a price with a final price (spec §2). */
  discountCode: string | null;
  /** What the buyer is expected to pay with the promo and the checked discount code (display only). */
  total: number;
}

interface PurchasePanelProps {
  prices: readonly PlanPrice[];
  slotOf: (price: PlanPrice) => SlotDisplay;
  selected: PlanPrice | null;
  onSelect: (priceId: number) => void;
  /**
   * Runs once the request passed the page's checks (signed in, terms accepted, nothing running).
   * When it rejects, the server's refusal is shown in the panel.
   */
  onCheckout: (request: CheckoutRequest) => Promise<unknown>;
  /** A purchase or gift is running: its button shows 'Processing...', and nothing else starts. */
  pending?: CheckoutRequest['kind'] | null;
  /** What the signed-in buyer already holds of this plan. */
  holding?: PlanHolding | null;
  /** The choice a guest made here before Purchase or Gift sent them to sign in. */
  kept?: KeptCheckout | null;
}

/** Says that the choice made before signing in is back, or that its option is gone. */
function keptNote(kept: KeptCheckout, selected: PlanPrice | null): string {
  if (selected?.id !== kept.priceId)
    return 'Welcome back. The option you chose is no longer on sale: choose another.';
  return `Welcome back: your choice is kept. Check it, then press ${kept.action === 'gift' ? 'Gift' : 'Purchase'}.`;
}

/** What the discount code does to the total, in words, while the buyer types it. */
function discountCodeNote(state: {
  signedIn: boolean;
  settled: boolean;
  percent: number | null;
  refusal: string | null;
}) {
  if (!state.signedIn) return 'Log in to check your discount code.';
  if (!state.settled) return 'Checking your discount code...';
  if (state.refusal) return state.refusal;
  if (state.percent !== null)
    return `Discount code applied: ${state.percent}% off. The server confirms it when you buy.`;
  return 'Checking your discount code...';
}

/** The buy box: price options, terms, discount code, Purchase and Gift. */
export function PurchasePanel({
  prices,
  slotOf,
  selected,
  onSelect,
  onCheckout,
  pending = null,
  holding = null,
  kept = null,
}: PurchasePanelProps) {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  const groupName = useId();
  const form = useContractForm(checkoutForm, {
    defaultValues: { acceptedTerms: kept?.acceptedTerms ?? false, discountCode: kept?.discountCode ?? '' },
  });
  const discountCode = useWatch({ control: form.control, name: 'discountCode' }) ?? '';
  /** Which submit button was pressed: Purchase and Gift submit the same form. */
  const kind = useRef<CheckoutRequest['kind']>('purchase');

  const withDiscountCode = selected !== null && selected.finalPrice !== null;
  const user = auth.status === 'authenticated' ? auth.user : null;
  const typedCode = withDiscountCode ? discountCode.trim().toUpperCase() : '';
  const settledCode = useDebouncedValue(typedCode, 400);
  const codeCheck = useDiscountCodeCheck(selected?.id ?? 0, settledCode, {
    enabled: user !== null && selected !== null && settledCode.length > 0,
  });
  const codePercent = codeCheck.data && settledCode === typedCode ? codeCheck.data.discountPercent : 0;
  const cost = selected ? expectedCharge(selected, codePercent) : 0;
  const shortOfCredits = user !== null && selected !== null && user.balance < cost;
  const heldPriceIds = holding?.priceIds ?? NO_PRICES;
  const availabilityAt = (price: PlanPrice, priceCost: number) =>
    availabilityOf(price, user, { cost: priceCost, heldPriceIds });
  const available = selected ? availabilityAt(selected, cost) : AVAILABLE;
  const refusal = available.purchase ?? available.gift;

  function checkout(values: z.output<typeof checkoutForm>) {
    if (!selected || pending) return;
    return onCheckout({
      kind: kind.current,
      price: selected,
      discountCode: withDiscountCode ? (values.discountCode ?? null) : null,
      total: cost,
    });
  }

  /** A guest's Purchase or Gift: back to this page after signing in, with the same choice. */
  const signInFirst = (action: KeptCheckout['action']) => {
    rememberSignInOrigin(`${pathname}${search}`);
    if (!selected) return;
    const { acceptedTerms, discountCode: code } = form.getValues();
    keepCheckoutForSignIn(pathname, {
      priceId: selected.id,
      acceptedTerms: acceptedTerms === true,
      discountCode: code ?? '',
      action,
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${groupName}-title`}>
      <h2 id={`${groupName}-title`} className={styles.title}>
        Choose your option
      </h2>

      <Form form={form} className={stack.gap5} onSubmit={checkout}>
        {holding ? (
          <p className={styles.held}>
            <CheckIcon size={16} />
            <span>
              <span data-testid="held-note">{planHoldingMessage(holding)}</span>{' '}
              <Link to={paths.account.getHref()} className={styles.inlineLink}>
                See it in My Account
              </Link>
            </span>
          </p>
        ) : null}
        {prices.length === 0 ? (
          <p className={styles.note}>This plugin has no options on sale right now.</p>
        ) : (
          <fieldset className={styles.options}>
            <legend className={visuallyHiddenClass}>Price options</legend>
            {prices.map((price) => (
              <PriceOption
                key={price.id}
                price={price}
                slot={slotOf(price)}
                groupName={groupName}
                selected={selected?.id === price.id}
                onSelect={() => onSelect(price.id)}
                unavailable={availabilityAt(price, expectedCharge(price)).purchase}
              />
            ))}
          </fieldset>
        )}

        {selected ? (
          <div className={styles.summary}>
            <div className={styles.totalRow}>
              <span className={styles.totalLabel}>Total</span>
              <span className={styles.total} data-testid="checkout-total">
                {creditsLabel(cost)}
              </span>
            </div>
            {selected.promoDiscountPercent > 0 && selected.price > 0 ? (
              <p className={styles.balance}>Includes the {selected.promoDiscountPercent}% promo.</p>
            ) : null}
            {typedCode ? (
              <p className={styles.codeNote} data-testid="discount-code-note" aria-live="polite">
                {discountCodeNote({
                  signedIn: user !== null,
                  settled: settledCode === typedCode && !codeCheck.isFetching,
                  percent: codeCheck.data?.discountPercent ?? null,
                  refusal: codeCheck.error?.message ?? null,
                })}
              </p>
            ) : null}
            {user ? (
              <p className={shortOfCredits ? styles.warning : styles.balance}>
                Your balance: {creditsCount(user.balance)}
                {shortOfCredits ? (
                  <>
                    {' · '}
                    <Link to={paths.products.getHref('credits')} className={styles.inlineLink}>
                      Buy credits
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
            {selected.vipOnly && !user?.vip ? (
              <p className={styles.vipNote}>
                This option is for VIP members.{' '}
                <MembersOnlyLink to={paths.vip.getHref()} className={styles.inlineLink}>
                  About VIP
                </MembersOnlyLink>
              </p>
            ) : null}
            {refusal && !shortOfCredits && !(selected.vipOnly && !user?.vip) ? (
              <p className={styles.warning} data-testid="unavailable-reason">
                {refusal}
              </p>
            ) : null}
          </div>
        ) : prices.length > 0 ? (
          <p className={styles.note}>Every option is sold out right now. Check back soon.</p>
        ) : null}

        {withDiscountCode ? (
          <FormTextField<CheckoutFormInput>
            name="discountCode"
            label="Discount code"
            mono
            // A purchase takes a deliberate click: Enter in the code field does not buy.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            placeholder="Optional"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
        ) : null}

        <TermsAgreement<CheckoutFormInput> name="acceptedTerms" />

        <div className={stack.gap3}>
          {kept ? (
            <p className={styles.kept} role="status" data-testid="kept-choice-note">
              {keptNote(kept, selected)}
            </p>
          ) : null}
          {user || auth.status === 'loading' ? (
            <>
              <Button
                size="lg"
                fullWidth
                type="submit"
                disabled={!selected || !user || pending === 'gift' || available.purchase !== null}
                loading={pending === 'purchase'}
                onClick={() => {
                  kind.current = 'purchase';
                }}
              >
                Purchase
              </Button>
              <Button
                variant="secondary"
                fullWidth
                disabled={!selected || !user || pending !== null || available.gift !== null}
                icon={<GiftIcon size={18} />}
                type="submit"
                onClick={() => {
                  kind.current = 'gift';
                }}
              >
                Gift
              </Button>
            </>
          ) : (
            <>
              {SALE_ACTIONS.map((action) => {
                const { label, ...look } = SALE_BUTTON_LOOK[action];
                return (
                  <Button
                    key={action}
                    {...look}
                    fullWidth
                    href={auth.signInHref}
                    sameTab
                    onClick={() => signInFirst(action)}
                    disabled={!selected}
                  >
                    {label}
                  </Button>
                );
              })}
              <p className={styles.guestNote}>You will log in with Discord first.</p>
            </>
          )}
        </div>
      </Form>
    </section>
  );
}
