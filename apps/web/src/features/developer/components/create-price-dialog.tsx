import type { PriceResponse } from '@ember/contracts/catalog';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useCreatePrice } from '../api/save-price.ts';
import { createPriceFormSchema, emptyPriceForm } from '../utils/price-form.ts';
import styles from './developer-forms.module.css';
import { PriceFormFields } from './price-form-fields.tsx';

/**
 * Create price; the new price starts disabled and hidden (spec §4). `onCreated` gets it, so the
 * Prices card can say 'Price created!' and offer to put it on sale.
 */
export function CreatePriceDialog({
  planId,
  open,
  onClose,
  onCreated,
}: {
  planId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (price: PriceResponse) => void;
}) {
  const form = useContractForm(createPriceFormSchema, { defaultValues: emptyPriceForm(planId) });
  const create = useCreatePrice();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create price"
      submitLabel="Create price"
      form={form}
      emptyValues={emptyPriceForm(planId)}
      onSubmit={async (values) => onCreated(await create.mutateAsync(values))}
      pending={create.isPending}
    >
      <div className={styles.fields}>
        <p className={styles.note}>
          New prices start disabled and hidden, so you can check them before buyers see them.
        </p>
        <PriceFormFields />
      </div>
    </FormDialog>
  );
}
