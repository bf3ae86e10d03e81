import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useCreatePrice } from '../api/save-price.ts';
import { createPriceFormSchema, emptyPriceForm } from '../utils/price-form.ts';
import styles from './developer-forms.module.css';
import { PriceFormFields } from './price-form-fields.tsx';

/** Create price ('Price created!'); the new price starts disabled and hidden (spec §4). */
export function CreatePriceDialog({
  planId,
  open,
  onClose,
}: {
  planId: number;
  open: boolean;
  onClose: () => void;
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
      onSubmit={create.mutateAsync}
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
