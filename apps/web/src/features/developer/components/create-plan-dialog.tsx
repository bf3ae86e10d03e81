import { useId } from 'react';
import { Form } from '../../../components/form/form.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { useCreatePlan } from '../api/create-plan.ts';
import { EMPTY_PLAN_FORM, planFormSchema } from '../utils/plan-form.ts';
import { PlanFormFields } from './plan-form-fields.tsx';

/** Create plan (spec §5: 'Plan name was empty.', 'Plan description was empty.', 'Plan added successfully!'). */
export function CreatePlanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const form = useContractForm(planFormSchema, { defaultValues: EMPTY_PLAN_FORM });
  const create = useCreatePlan();

  function close() {
    form.reset(EMPTY_PLAN_FORM);
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={create.isPending ? () => {} : close}
      disableOverlayClose={create.isPending}
      title="Create plan"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={create.isPending}>
            Create plan
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
        <PlanFormFields disabled={create.isPending} />
      </Form>
    </Modal>
  );
}
