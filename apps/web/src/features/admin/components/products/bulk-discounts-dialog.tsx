import {
  MAX_BULK_DISCOUNT_TIERS,
  type ProductResponse,
  replaceBulkDiscountsBody,
} from '@ember/contracts/commerce';
import { z } from '@ember/contracts/zod';
import { useFieldArray } from 'react-hook-form';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { Button } from '../../../../components/ui/button/button.tsx';
import { unitPlural } from '../../../../lib/format/product-units.ts';
import { useReplaceBulkDiscounts } from '../../api/admin-products-update.ts';
import styles from './products.module.css';

/** The contract's list of tiers, as the field of a form. */
const bulkDiscountsForm = z.object({ tiers: replaceBulkDiscountsBody });
type BulkDiscountsInput = z.input<typeof bulkDiscountsForm>;

/**
 * A product's bulk discounts (spec §3 Bulk discount): buying at least the threshold grants the extra
 * units, once. Saving replaces the whole list.
 */
export function BulkDiscountsDialog({ product, ...dialog }: DialogControl & { product: ProductResponse }) {
  const values: BulkDiscountsInput = {
    tiers: product.bulkDiscounts.map(({ discountThreshold, extraAmount }) => ({
      discountThreshold,
      extraAmount,
    })),
  };
  const form = useContractForm(bulkDiscountsForm, { values });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const save = useReplaceBulkDiscounts(product.id);
  const units = unitPlural(product);
  const full = tiers.fields.length >= MAX_BULK_DISCOUNT_TIERS;

  return (
    <FormDialog
      {...dialog}
      title={`Bulk discounts of ${product.name}`}
      submitLabel="Save bulk discounts"
      form={form}
      emptyValues={values}
      onSubmit={(parsed) => save.mutateAsync(parsed.tiers)}
      pending={save.isPending}
    >
      <p className={styles.note}>
        A buyer of at least the threshold gets the extra {units} free, once (the best tier reached). Up to{' '}
        {MAX_BULK_DISCOUNT_TIERS} tiers; thresholds must differ.
      </p>
      {tiers.fields.length === 0 ? (
        <p className={styles.empty}>No bulk discounts: buyers get no extra {units}.</p>
      ) : (
        <ol className={styles.tiers}>
          {tiers.fields.map((field, index) => (
            <li key={field.id} className={styles.tier}>
              <FormTextField<BulkDiscountsInput>
                name={`tiers.${index}.discountThreshold`}
                asNumber
                inputMode="numeric"
                label={`Tier ${index + 1}: from (${units})`}
              />
              <FormTextField<BulkDiscountsInput>
                name={`tiers.${index}.extraAmount`}
                asNumber
                inputMode="numeric"
                label={`Tier ${index + 1}: extra ${units}`}
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => tiers.remove(index)}
                aria-label={`Remove tier ${index + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={full}
          onClick={() => {
            const last = tiers.fields.length
              ? Math.max(...form.getValues('tiers').map((tier) => Number(tier.discountThreshold) || 0))
              : 0;
            tiers.append({ discountThreshold: last + 1, extraAmount: 1 });
          }}
        >
          Add tier
        </Button>
        {full ? <span className={styles.note}> The most a product can have.</span> : null}
      </div>
    </FormDialog>
  );
}
