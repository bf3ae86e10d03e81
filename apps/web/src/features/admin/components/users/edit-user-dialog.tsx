import {
  type AdminUserResponse,
  BALANCE_REASON_REQUIRED_MESSAGE,
  type UpdateUserBody,
  updateUserBody,
} from '@ember/contracts/admin-users';
import { useMemo } from 'react';
import { FormDialog } from '../../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { formatCredits } from '../../../../lib/format/money.ts';
import { useUpdateUser } from '../../api/admin-users-actions.ts';
import styles from './users.module.css';

/** updateUserBody, plus: a changed balance needs a reason (it goes into the books). */
export function editUserSchema(currentBalance: number) {
  return updateUserBody.superRefine((values, context) => {
    if (values.balance !== currentBalance && !values.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: BALANCE_REASON_REQUIRED_MESSAGE });
    }
  });
}

/** '+500 credits will be booked as an adjustment' / '−20 credits …'; null when nothing changes. */
export function adjustmentNote(current: number, next: unknown): string | null {
  if (typeof next !== 'number' || !Number.isInteger(next) || next < 0 || next === current) return null;
  const delta = next - current;
  const amount = `${delta > 0 ? '+' : '\u2212'}${formatCredits(Math.abs(delta))}`;
  return `${amount} ${Math.abs(delta) === 1 ? 'credit' : 'credits'} will be booked as an adjustment`;
}

/** PUT /users/{id}: Discord id, username and balance; a balance change is a journal with the admin's reason. */
export function EditUserDialog({ user, onClose }: { user: AdminUserResponse; onClose: () => void }) {
  const schema = useMemo(() => editUserSchema(user.balance), [user.balance]);
  const values: UpdateUserBody = {
    discordId: user.discordId,
    username: user.username,
    balance: user.balance,
    reason: '',
  };
  const form = useContractForm(schema, { defaultValues: values });
  const update = useUpdateUser();
  const note = adjustmentNote(user.balance, form.watch('balance'));

  return (
    <FormDialog
      open
      title={`Edit ${user.username}`}
      submitLabel="Save"
      form={form}
      emptyValues={values}
      pending={update.isPending}
      onClose={onClose}
      onSubmit={(parsed) => update.mutateAsync({ id: user.id, ...parsed })}
    >
      <FormTextField<UpdateUserBody> name="discordId" label="Discord ID" mono inputMode="numeric" />
      <FormTextField<UpdateUserBody> name="username" label="Username" autoComplete="off" />
      <FormTextField<UpdateUserBody>
        name="balance"
        label="Balance (credits)"
        asNumber
        inputMode="numeric"
        hint={`Now ${formatCredits(user.balance)}.`}
      />
      {note ? (
        <p className={styles.adjustment} aria-live="polite">
          {note}
        </p>
      ) : null}
      <FormTextField<UpdateUserBody>
        name="reason"
        label={note ? 'Reason (required)' : 'Reason'}
        hint="Needed when the balance changes: it is the journal's description."
        autoComplete="off"
      />
    </FormDialog>
  );
}
