import { FormDialog } from '../../../../components/form/form-dialog.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { useCreatePlan } from '../api/create-plan.ts';
import { EMPTY_PLAN_FORM, planFormSchema } from '../utils/plan-form.ts';
import { PlanFormFields } from './plan-form-fields.tsx';

/** Create plan (spec §5: 'Plan name was empty.', 'Plan description was empty.', 'Plan added successfully!'). */
export function CreatePlanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useContractForm(planFormSchema, { defaultValues: EMPTY_PLAN_FORM });
  const create = useCreatePlan();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create plan"
      submitLabel="Create plan"
      form={form}
      emptyValues={EMPTY_PLAN_FORM}
      onSubmit={create.mutateAsync}
      pending={create.isPending}
    >
      <PlanFormFields disabled={create.isPending} />
    </FormDialog>
  );
}
