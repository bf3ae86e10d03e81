import type { PlanResponse } from '@ember/contracts/catalog';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { useUpdatePlan } from '../api/update-plan.ts';
import { changedPlanBody, planFormSchema, planFormValuesOf } from '../utils/plan-form.ts';
import { PlanFormFields } from './plan-form-fields.tsx';

/** Edit plan: sent only when a field changed (spec §5), then 'Plan has been updated!'. */
export function EditPlanDialog({ plan, ...dialog }: DialogControl & { plan: PlanResponse }) {
  const form = useContractForm(planFormSchema, { values: planFormValuesOf(plan) });
  const update = useUpdatePlan();

  return (
    <FormDialog
      {...dialog}
      title={`Edit ${plan.name}`}
      submitLabel="Save changes"
      size="large"
      form={form}
      onSubmit={async (values) => {
        const body = changedPlanBody(plan, values);
        if (body) await update.mutateAsync({ id: plan.id, body });
      }}
      pending={update.isPending}
    >
      <PlanFormFields disabled={update.isPending} />
    </FormDialog>
  );
}
