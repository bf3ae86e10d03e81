import type { PriceResponse } from '@ember/contracts/catalog';
import { useState } from 'react';
import { FormDialog } from '../../../../components/form/form-dialog.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { editPriceFormSchema, priceBodyOf } from '../../../../components/price-form/price-form.ts';
import { PriceFormFields } from '../../../../components/price-form/price-form-fields.tsx';
import { useUpdatePrice } from '../../../../components/price-form/save-price.ts';
import { Button } from '../../../../components/ui/button/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { useDeletePrice } from '../api/delete-price.ts';

interface EditPriceDialogProps {
  price: PriceResponse;
  open: boolean;
  onClose: () => void;
  /** After 'Price deleted!': both dialogs are closed; the page leaves the price. */
  onDeleted: () => void;
}

/** Price Information's edit dialog ('Price updated!') with Delete price and its confirmation inside. */
export function EditPriceDialog({ price, open, onClose, onDeleted }: EditPriceDialogProps) {
  const form = useContractForm(editPriceFormSchema, { values: priceBodyOf(price) });
  const update = useUpdatePrice();
  const remove = useDeletePrice({
    onDeleted: () => {
      setConfirmingDelete(false);
      onDeleted();
    },
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const busy = update.isPending || remove.isPending;

  return (
    <>
      <FormDialog
        open={open && !confirmingDelete}
        onClose={onClose}
        title={`Edit ${price.name}`}
        submitLabel="Save changes"
        size="large"
        form={form}
        onSubmit={update.mutateAsync}
        pending={busy}
        submitting={update.isPending}
        extraActions={
          <Button variant="danger" onClick={() => setConfirmingDelete(true)} disabled={busy}>
            Delete price
          </Button>
        }
      >
        <PriceFormFields withState />
      </FormDialog>
      <ConfirmDialog
        open={open && confirmingDelete}
        title={`Delete ${price.name}?`}
        message="A price that has never sold is deleted for good. One with subscriptions cannot be deleted: hide or disable it instead."
        confirmLabel="Delete price"
        destructive
        confirming={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => remove.mutate(price.id, { onError: () => setConfirmingDelete(false) })}
      />
    </>
  );
}
