import { type ProductResponse, type UpdateProductBody, updateProductBody } from '@ember/contracts/commerce';
import { PAYMENT_PROCESSORS } from '@ember/contracts/enums';
import { gpPricePerUnit, VIP_GP_MULTIPLIER } from '@ember/contracts/pricing';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import { FormSelect } from '../../../../components/form/form-select.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useEditForm } from '../../../../components/form/use-edit-form.ts';
import { TextField } from '../../../../components/ui/text-field/text-field.tsx';
import { formatAmount } from '../../../../lib/format/money.ts';
import { PAYMENT_PROCESSOR_LABEL } from '../../../../lib/format/payment-processors.ts';
import { useUpdateProduct } from '../../api/admin-products-update.ts';
import styles from './products.module.css';

/** The form's starting values: the product's editable fields (spec §7 PUT /products/{id}). */
export function productFormValuesOf(product: ProductResponse): UpdateProductBody {
  return {
    id: product.id,
    name: product.name,
    minimumPurchase: product.minimumPurchase,
    maximumPurchase: product.maximumPurchase,
    paymentProcessor: product.paymentProcessor,
    currency: product.currency === 'GP' ? 'GP' : 'EUR',
    stock: product.stock,
    pricePerUnit: product.pricePerUnit,
    discountPercent: product.discountPercent,
  };
}

export const GP_RATE_LABEL = 'GP rate (€ per 1M GP)';
const RATE_PATTERN = /^\d*[.,]?\d+$/;

/**
 * Spec §9 admin GP conversion: a rate in euros per million GP fills the price per unit
 * (1 / (rate × 100) × 1,000,000, × 1500 for the VIP product, rounded).
 */
function GpRateHelper({ vip, onPrice }: { vip: boolean; onPrice: (price: number) => void }) {
  const [rate, setRate] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={styles.helper}>
      <TextField
        label={GP_RATE_LABEL}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.25"
        value={rate}
        error={error}
        hint={`Fills the price: 1 / (rate × 100) × 1,000,000 GP${vip ? ` × ${VIP_GP_MULTIPLIER} for VIP` : ''}.`}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setRate(text);
          const value = Number(text.trim().replace(',', '.'));
          if (!text.trim()) return setError(null);
          if (!RATE_PATTERN.test(text.trim()) || !(value > 0)) {
            return setError('Enter a rate above 0, e.g. 0.25.');
          }
          setError(null);
          onPrice(gpPricePerUnit(value, { vip }));
        }}
      />
    </div>
  );
}

/** Edit every field of a product (admins), with the GP conversion helper for GP prices. */
export function EditProductDialog({ product, ...dialog }: DialogControl & { product: ProductResponse }) {
  const update = useUpdateProduct();
  const editForm = useEditForm(updateProductBody, productFormValuesOf(product), update);
  const { form } = editForm;
  const [currency, price] = useWatch({ control: form.control, name: ['currency', 'pricePerUnit'] });
  const priceNumber = typeof price === 'number' && Number.isFinite(price) ? price : null;

  return (
    <FormDialog {...dialog} title={`Edit ${product.name}`} submitLabel="Save product" {...editForm}>
      <FormTextField<UpdateProductBody> name="name" label="Name" autoComplete="off" maxLength={100} />
      <div className={styles.twoColumns}>
        <FormSelect<UpdateProductBody> name="paymentProcessor" label="Payment processor">
          {PAYMENT_PROCESSORS.map((processor) => (
            <option key={processor} value={processor}>
              {PAYMENT_PROCESSOR_LABEL[processor]}
            </option>
          ))}
        </FormSelect>
        <FormSelect<UpdateProductBody>
          name="currency"
          label="Currency"
          hint="GP trades are priced in GP, all others in EUR."
        >
          <option value="EUR">EUR</option>
          <option value="GP">GP</option>
        </FormSelect>
      </div>
      <div className={styles.twoColumns}>
        <FormTextField<UpdateProductBody>
          name="pricePerUnit"
          asNumber
          inputMode="numeric"
          label={`Price per ${product.priceUnit} (${currency === 'GP' ? 'GP' : 'cents'})`}
          hint={
            priceNumber !== null && currency
              ? `${formatAmount(priceNumber, currency)} per ${product.priceUnit}`
              : undefined
          }
        />
        <FormTextField<UpdateProductBody>
          name="discountPercent"
          asNumber
          inputMode="numeric"
          label="Discount (%)"
        />
      </div>
      {currency === 'GP' ? (
        <GpRateHelper
          vip={product.kind === 'VIP'}
          onPrice={(next) => form.setValue('pricePerUnit', next, { shouldDirty: true, shouldValidate: true })}
        />
      ) : null}
      <div className={styles.threeColumns}>
        <FormTextField<UpdateProductBody>
          name="minimumPurchase"
          asNumber
          inputMode="numeric"
          label="Minimum purchase"
        />
        <FormTextField<UpdateProductBody>
          name="maximumPurchase"
          asNumber
          inputMode="numeric"
          label="Maximum purchase"
          hint="Blank: no limit."
        />
        <FormTextField<UpdateProductBody>
          name="stock"
          asNumber
          inputMode="numeric"
          label="Stock"
          hint="Blank: unlimited (∞)."
        />
      </div>
    </FormDialog>
  );
}
