import { type AddVipForm, type AdminUserResponse, addVipForm } from '@ember/contracts/admin-users';
import { VIP_UNITS } from '@ember/contracts/enums';
import { FormDialog } from '../../../../components/form/form-dialog.tsx';
import { FormSelect } from '../../../../components/form/form-select.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { useAddVip } from '../../api/admin-users-actions.ts';
import { userLabel } from './user-status.ts';
import styles from './users.module.css';

const EMPTY = { unit: '', amount: '' } as unknown as AddVipForm;

/** PUT /users/{id}/add-vip?hours|days|months: VIP time from the later of now and the current end. */
export function AddVipDialog({ user, onClose }: { user: AdminUserResponse; onClose: () => void }) {
  const form = useContractForm(addVipForm, { defaultValues: EMPTY });
  const addVip = useAddVip();
  return (
    <FormDialog
      open
      title={`Add VIP to ${user.username}`}
      submitLabel="Add VIP"
      form={form}
      emptyValues={EMPTY}
      pending={addVip.isPending}
      onClose={onClose}
      onSubmit={(values) => addVip.mutateAsync({ id: user.id, unit: values.unit, amount: values.amount })}
    >
      <p className={styles.note}>
        {userLabel(user)}:{' '}
        {user.vipUntil
          ? `VIP until ${formatDateTime(user.vipUntil)}; the time is added to it.`
          : 'no VIP now.'}
      </p>
      <div className={styles.pair}>
        <FormTextField<AddVipForm> name="amount" label="Amount" inputMode="numeric" />
        <FormSelect<AddVipForm> name="unit" label="Unit">
          <option value="">Choose a unit</option>
          {VIP_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </FormSelect>
      </div>
    </FormDialog>
  );
}
