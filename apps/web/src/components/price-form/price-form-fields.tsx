import { PERIODS } from '@ember/contracts/enums';
import { periodLabel } from '../../lib/format/periods.ts';
import { FormCheckbox } from '../form/form-checkbox.tsx';
import styles from '../form/form-layout.module.css';
import { FormSelect } from '../form/form-select.tsx';
import { FormTextArea } from '../form/form-text-area.tsx';
import { FormTextField } from '../form/form-text-field.tsx';

/**
 * The fields of a price (create and edit). `withState` adds Enabled and Hidden, which only an
 * edit sets: a new price always starts disabled and hidden (spec §4).
 */
export function PriceFormFields({ withState = false }: { withState?: boolean }) {
  return (
    <div className={styles.fields}>
      <div className={styles.twoColumns}>
        <FormTextField name="name" label="Price name" maxLength={100} placeholder="e.g. Monthly" />
        <FormSelect name="period" label="Period">
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {periodLabel(period)}
            </option>
          ))}
        </FormSelect>
      </div>
      <FormTextArea name="description" label="Description" rows={3} />
      <div className={styles.twoColumns}>
        <FormTextField name="price" label="Price (credits)" asNumber inputMode="numeric" autoComplete="off" />
        <FormTextField
          name="slots"
          label="Slots"
          asNumber
          inputMode="numeric"
          autoComplete="off"
          hint="Blank for unlimited."
        />
        <FormTextField
          name="promoDiscountPercent"
          label="Promo discount (%)"
          asNumber
          inputMode="numeric"
          autoComplete="off"
        />
        <FormTextField
          name="promoExtraDays"
          label="Promo extra days"
          asNumber
          inputMode="numeric"
          autoComplete="off"
        />
        <FormTextField
          name="extensionPrice"
          label="Extension price (credits)"
          asNumber
          inputMode="numeric"
          autoComplete="off"
          hint="Blank for none."
        />
      </div>
      <div className={styles.checks}>
        <FormCheckbox name="extensionAllowed">Extensions allowed</FormCheckbox>
        <FormCheckbox name="exposeSubCount">Show the sub count to buyers</FormCheckbox>
        <FormCheckbox name="vipOnly">VIP only</FormCheckbox>
        {withState ? (
          <>
            <FormCheckbox name="enabled">Enabled</FormCheckbox>
            <FormCheckbox name="hidden">Hidden</FormCheckbox>
          </>
        ) : null}
      </div>
    </div>
  );
}
