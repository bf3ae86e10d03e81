import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import type { ContractForm } from '../../../components/form/use-contract-form.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import stack from '../../../styles/stack.module.css';
import type { DeviceCodeFormInput, deviceCodeForm } from '../utils/user-code.ts';
import styles from './device.module.css';

/** Step 1: the code the client shows. A refusal (unknown or expired code) appears on the form. */
export function DeviceCodeForm({
  form,
  onSubmit,
  pending,
}: {
  form: ContractForm<typeof deviceCodeForm>;
  onSubmit: (code: string) => Promise<unknown>;
  pending: boolean;
}) {
  return (
    <Card title="Enter the code">
      <p className={styles.lead}>
        Your game client shows a code of 8 letters. Type it here to sign the client in.
      </p>
      <Form form={form} onSubmit={({ code }) => onSubmit(code)} className={stack.gap4}>
        <FormTextField<DeviceCodeFormInput>
          name="code"
          label="Code"
          placeholder="BCDF-GHJK"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          mono
          hint="Upper or lower case, with or without the dash."
        />
        <Button type="submit" loading={pending} loadingText="Checking...">
          Continue
        </Button>
      </Form>
    </Card>
  );
}
