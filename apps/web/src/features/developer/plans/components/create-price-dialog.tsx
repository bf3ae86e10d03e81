import type { PriceResponse } from '@ember/contracts/catalog';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import styles from '../../../../components/form/form-layout.module.css';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { createPriceFormSchema, emptyPriceForm } from '../../../../components/price-form/price-form.ts';
import { PriceFormFields } from '../../../../components/price-form/price-form-fields.tsx';
import { useCreatePrice } from '../../../../components/price-form/save-price.ts';

/**
 * Create price; the new price starts disabled and hidden (spec §4). `onCreated` gets it, so the
 * Prices card can say 'Price created!' and offer to put it on sale.
 */
export function CreatePriceDialog({
  planId,
  onCreated,
  ...dialog
}: DialogControl & { planId: number; onCreated: (price: PriceResponse) => void }) {
  const form = useContractForm(createPriceFormSchema, { defaultValues: emptyPriceForm(planId) });
  const create = useCreatePrice();
  return (
    <FormDialog
      {...dialog}
      title="Create price"
      submitLabel="Create price"
      form={form}
      emptyValues={emptyPriceForm(planId)}
      onSubmit={async (values) => onCreated(await create.mutateAsync(values))}
      pending={create.isPending}
    >
      <p className={styles.note}>
        New prices start disabled and hidden, so you can check them before buyers see them.
      </p>
      <PriceFormFields />
    </FormDialog>
  );
}
