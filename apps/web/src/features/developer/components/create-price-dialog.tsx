import { useId } from 'react';
import { Form } from '../../../components/form/form.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
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
  const formId = useId();
  const form = useContractForm(createPriceFormSchema, { defaultValues: emptyPriceForm(planId) });
  const create = useCreatePrice();

  function close() {
    form.reset(emptyPriceForm(planId));
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={create.isPending ? () => {} : close}
      disableOverlayClose={create.isPending}
      title="Create price"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={create.isPending}>
            Create price
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          close();
        }}
      >
        <div className={styles.fields}>
          <p className={styles.note}>
            New prices start disabled and hidden, so you can check them before buyers see them.
          </p>
          <PriceFormFields />
        </div>
      </Form>
    </Modal>
  );
}
