import type { ProductResponse } from '@ember/contracts/commerce';
import { priceOrder } from '@ember/contracts/pricing';
import { useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import facts from '../../../components/detail-fact/detail-fact.module.css';
import { DetailFact } from '../../../components/detail-fact/detail-fact.tsx';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { TermsAgreement } from '../../../components/form/terms-agreement.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { formatAmount, formatCredits } from '../../../lib/format/money.ts';
import { PAYMENT_PROCESSOR_LABEL } from '../../../lib/format/payment-processors.ts';
import { unitPlural, unitPriceLabel, unitsLabel } from '../../../lib/format/product-units.ts';
import stack from '../../../styles/stack.module.css';
import {
  type PurchaseFormInput,
  type PurchaseFormValues,
  purchaseFormSchema,
  typedUnits,
} from '../utils/purchase-form.ts';
import { BulkDiscounts } from './bulk-discounts.tsx';
import styles from './purchase-modal.module.css';

/** GP deliveries and GP payments are handed over in game: the buyer says who to trade with. */
const needsInGameName = (product: ProductResponse) =>
  product.kind === 'GP' || product.paymentProcessor === 'GP';

interface PurchaseModalProps {
  product: ProductResponse;
  /** Places the order; when it rejects, the server's refusal is shown in the modal. */
  onPurchase: (values: PurchaseFormValues) => Promise<unknown>;
  onClose: () => void;
  /** The order (or its checkout) is being created. */
  busy: boolean;
}

/**
 * Spec §2/§5 purchase modal: amount, the live price (display only; the server prices the order),
 * minimum and maximum, the discount, the bulk discounts and the terms.
 */
export function PurchaseModal({ product, onPurchase, onClose, busy }: PurchaseModalProps) {
  const formId = useId();
  const schema = useMemo(() => purchaseFormSchema(product), [product]);
  const form = useContractForm(schema, {
    defaultValues: { amount: String(product.minimumPurchase), extraInfo: '', acceptedTerms: false },
  });
  const typed = useWatch({ control: form.control, name: 'amount' });
  const units = typedUnits(typed);
  const price = units === null ? null : priceOrder(product, units);
  const money = (amount: number) => formatAmount(amount, product.currency);
  const submitting = busy || form.formState.isSubmitting;
  const action = product.paymentProcessor === 'GP' ? 'Place order' : 'Continue to payment';

  return (
    <Modal
      open
      onClose={submitting ? () => {} : onClose}
      disableOverlayClose={submitting}
      title={`Buy ${product.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {action}
          </Button>
        </>
      }
    >
      <Form id={formId} form={form} className={stack.gap5} onSubmit={onPurchase}>
        <dl className={`${facts.labelled} ${facts.boxed} ${styles.facts}`}>
          <DetailFact label="Price">{unitPriceLabel(product)}</DetailFact>
          <div>
            <dt>Minimum</dt>
            <dd data-testid="minimum-purchase">{unitsLabel(product, product.minimumPurchase)}</dd>
          </div>
          <div>
            <dt>Maximum</dt>
            <dd data-testid="maximum-purchase">
              {product.maximumPurchase === null ? 'No limit' : unitsLabel(product, product.maximumPurchase)}
            </dd>
          </div>
          <div>
            <dt>Discount</dt>
            <dd data-testid="discount-percent">
              {product.discountPercent > 0 ? `${product.discountPercent}% off` : 'None'}
            </dd>
          </div>
          <DetailFact label="Payment">{PAYMENT_PROCESSOR_LABEL[product.paymentProcessor]}</DetailFact>
        </dl>

        <FormTextField<PurchaseFormInput>
          name="amount"
          label={`Amount (${unitPlural(product)})`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          disabled={submitting}
        />

        {needsInGameName(product) ? (
          <FormTextField<PurchaseFormInput>
            name="extraInfo"
            label="Your in-game name (optional)"
            autoComplete="off"
            maxLength={100}
            disabled={submitting}
            hint="Who our staff trade with in game."
          />
        ) : null}

        <div className={styles.price} aria-live="polite" data-testid="live-price">
          <div className={styles.totalRow}>
            <span className={styles.totalLabel}>Total</span>
            <span className={styles.total} data-testid="purchase-total">
              {price ? money(price.total) : '—'}
            </span>
          </div>
          {price ? (
            <>
              {price.discount > 0 ? (
                <p className={styles.line}>
                  {money(price.subtotal)} minus {product.discountPercent}% ({money(price.discount)})
                </p>
              ) : null}
              <p className={styles.line} data-testid="delivered-units">
                You get {unitsLabel(product, price.deliveredAmount)}
                {price.bonusAmount > 0
                  ? ` (${formatCredits(price.bonusAmount)} free from the bulk discount)`
                  : ''}
                .
              </p>
            </>
          ) : (
            <p className={styles.line}>Enter a whole number to see the price.</p>
          )}
          <p className={styles.fine}>The final price is worked out by our server when you order.</p>
        </div>

        {product.bulkDiscounts.length > 0 ? <BulkDiscounts product={product} units={units} /> : null}

        <TermsAgreement<PurchaseFormInput> name="acceptedTerms" disabled={submitting} />
      </Form>
    </Modal>
  );
}
