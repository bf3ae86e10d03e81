import type { PlanResponse } from '@ember/contracts/catalog';
import { useId } from 'react';
import { Form } from '../../../components/form/form.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { useUpdatePlan } from '../api/update-plan.ts';
import { changedPlanBody, planFormSchema, planFormValuesOf } from '../utils/plan-form.ts';
import { PlanFormFields } from './plan-form-fields.tsx';

/** Edit plan: sent only when a field changed (spec §5), then 'Plan has been updated!'. */
export function EditPlanDialog({
  plan,
  open,
  onClose,
}: {
  plan: PlanResponse;
  open: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useContractForm(planFormSchema, { values: planFormValuesOf(plan) });
  const update = useUpdatePlan();

  return (
    <Modal
      open={open}
      onClose={update.isPending ? () => {} : onClose}
      disableOverlayClose={update.isPending}
      title={`Edit ${plan.name}`}
      size="large"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={update.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={async (values) => {
          const body = changedPlanBody(plan, values);
          if (body) await update.mutateAsync({ id: plan.id, body });
          onClose();
        }}
      >
        <PlanFormFields disabled={update.isPending} />
      </Form>
    </Modal>
  );
}
