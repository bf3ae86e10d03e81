import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import { useCreateForm } from '../../../../components/form/use-create-form.ts';
import { useCreatePlan } from '../api/create-plan.ts';
import { EMPTY_PLAN_FORM, planFormSchema } from '../utils/plan-form.ts';
import { PlanFormFields } from './plan-form-fields.tsx';

/** Create plan (spec §5: 'Plan name was empty.', 'Plan description was empty.', 'Plan added successfully!'). */
export function CreatePlanDialog(dialog: DialogControl) {
  const create = useCreatePlan();
  const createForm = useCreateForm(planFormSchema, EMPTY_PLAN_FORM, create);
  return (
    <FormDialog {...dialog} title="Create plan" submitLabel="Create plan" {...createForm}>
      <PlanFormFields disabled={create.isPending} />
    </FormDialog>
  );
}
