import {
  type DiscountCodeResponse,
  discountCodeBody,
  updateDiscountCodeBody,
} from '@ember/contracts/discount-codes';
import { z } from '@ember/contracts/zod';
import { FormCheckbox } from '../../../../components/form/form-checkbox.tsx';
import { type DialogControl, FormDialog, STAY_OPEN } from '../../../../components/form/form-dialog.tsx';
import styles from '../../../../components/form/form-layout.module.css';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { useSaveDiscountCode } from '../api/discount-codes.ts';

/** Create: the contract's body; a blank code lets the server make one up. */
const createCodeForm = discountCodeBody.extend({
  id: z
    .string()
    .transform((value) => value.trim() || undefined)
    .pipe(discountCodeBody.shape.id),
});
type CreateCodeInput = z.input<typeof createCodeForm>;

/**
 * Edit: percent, max uses and enabled as the contract checks them; the date is checked only when
 * it changed (an expired code can still be switched off without moving its date).
 */
const editCodeForm = updateDiscountCodeBody.extend({ validUntil: z.string() });
type EditCodeInput = z.input<typeof editCodeForm>;

/** 'YYYY-MM-DD' of an ISO date-time (the date field's format); empty for no end date. */
const dayOf = (iso: string | null) => (iso === null ? '' : iso.slice(0, 10));

const NO_END_DATE_HINT = 'Leave empty for no end date.';

/** The fields a code's create and edit forms share: its discount, uses, end date and switch. */
type CodeTerms = Pick<EditCodeInput, 'discountPercent' | 'maxUses' | 'validUntil' | 'enabled'>;

function CodeTermsFields() {
  return (
    <>
      <div className={styles.twoColumns}>
        <FormTextField<CodeTerms>
          name="discountPercent"
          label="Discount percent"
          asNumber
          inputMode="numeric"
          autoComplete="off"
        />
        <FormTextField<CodeTerms>
          name="maxUses"
          label="Max uses"
          asNumber
          inputMode="numeric"
          autoComplete="off"
          hint="0 means unlimited."
        />
      </div>
      <FormTextField<CodeTerms> name="validUntil" label="Valid until" type="date" hint={NO_END_DATE_HINT} />
      <FormCheckbox<CodeTerms> name="enabled">Enabled</FormCheckbox>
    </>
  );
}

function CreateCodeDialog({ priceId, ...dialog }: DialogControl & { priceId: number }) {
  const empty = {
    id: '',
    priceId,
    maxUses: 0,
    validUntil: '',
    enabled: true,
  } satisfies Partial<CreateCodeInput>;
  const form = useContractForm(createCodeForm, { defaultValues: empty });
  const save = useSaveDiscountCode(priceId);
  return (
    <FormDialog
      {...dialog}
      title="Create discount code"
      submitLabel="Create code"
      form={form}
      emptyValues={empty}
      onSubmit={({ validUntil, ...body }) =>
        save.mutateAsync({
          kind: 'create',
          body: { ...body, validUntil: validUntil ? validUntil.toISOString() : null },
        })
      }
      pending={save.isPending}
    >
      <FormTextField<CreateCodeInput>
        name="id"
        label="Code"
        mono
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        placeholder="e.g. SUMMER25"
        hint="Blank to have one made up. Letters, digits, - and _."
      />
      <CodeTermsFields />
    </FormDialog>
  );
}

function EditCodeDialog({
  priceId,
  code,
  ...dialog
}: DialogControl & { priceId: number; code: DiscountCodeResponse }) {
  const original = dayOf(code.validUntil);
  // Closing returns the form to the code as it is, so it opens again as it was first shown.
  const asSaved: EditCodeInput = {
    id: code.id,
    discountPercent: code.discountPercent,
    maxUses: code.maxUses,
    validUntil: original,
    enabled: code.enabled,
  };
  const form = useContractForm(editCodeForm, { defaultValues: asSaved });
  const save = useSaveDiscountCode(priceId);
  return (
    <FormDialog
      {...dialog}
      title={`Edit discount code ${code.id}`}
      submitLabel="Save changes"
      form={form}
      emptyValues={asSaved}
      onSubmit={async ({ validUntil, ...rest }) => {
        // undefined: the date did not change; null: it was emptied (no end date from now on).
        let newDate: Date | null | undefined;
        if (validUntil !== original) {
          const checked = updateDiscountCodeBody.shape.validUntil.safeParse(validUntil);
          if (!checked.success) {
            form.setError('validUntil', { message: checked.error.issues[0]?.message });
            return STAY_OPEN;
          }
          newDate = checked.data;
        }
        return save.mutateAsync({
          kind: 'update',
          body: {
            ...rest,
            ...(newDate === undefined ? {} : { validUntil: newDate ? newDate.toISOString() : null }),
          },
        });
      }}
      pending={save.isPending}
    >
      <p className={styles.note}>
        Code <strong>{code.id}</strong>, used {code.uses} {code.uses === 1 ? 'time' : 'times'}.
      </p>
      <CodeTermsFields />
    </FormDialog>
  );
}

/** The Create/Edit discount code dialog (spec §2; §5 messages come from the contract). */
export function DiscountCodeDialog({
  priceId,
  code,
  open,
  onClose,
}: {
  priceId: number;
  /** The code being edited; none to create one. */
  code: DiscountCodeResponse | null;
  open: boolean;
  onClose: () => void;
}) {
  return code ? (
    <EditCodeDialog key={code.id} priceId={priceId} code={code} open={open} onClose={onClose} />
  ) : (
    <CreateCodeDialog priceId={priceId} open={open} onClose={onClose} />
  );
}
