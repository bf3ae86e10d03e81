import {
  type GenerateSigningKeyForm,
  generateSigningKeyForm,
  KEY_GENERATION_UNSUPPORTED_MESSAGE,
  signingKeyFilename,
} from '@ember/contracts/signing-keys';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import styles from '../../../../components/form/form-layout.module.css';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { saveBlob } from '../../../../lib/download.ts';
import { useRegisterSigningKey } from '../api/signing-keys.ts';
import { generateEd25519KeyPair } from '../utils/generate-key-pair.ts';

const EMPTY: GenerateSigningKeyForm = { label: '' };

async function generateOrExplain() {
  try {
    return await generateEd25519KeyPair();
  } catch {
    throw new Error(KEY_GENERATION_UNSUPPORTED_MESSAGE);
  }
}

/**
 * Generate key pair: the browser makes an Ed25519 pair, the public half is registered, then the
 * private half is saved once as a file. Ember never receives it (decision 0053).
 */
export function GenerateKeyDialog({
  onSaved,
  ...dialog
}: DialogControl & { onSaved: (filename: string) => void }) {
  const form = useContractForm(generateSigningKeyForm, { defaultValues: EMPTY });
  const register = useRegisterSigningKey();
  return (
    <FormDialog
      {...dialog}
      title="Generate a signing key"
      submitLabel="Generate and download"
      form={form}
      emptyValues={EMPTY}
      onSubmit={async ({ label }) => {
        const pair = await generateOrExplain();
        const key = await register.mutateAsync({ label, publicKey: pair.publicKeyHex });
        const filename = signingKeyFilename(key.keyid);
        saveBlob(new Blob([pair.privateKeyPem], { type: 'application/x-pem-file' }), filename);
        onSaved(filename);
      }}
      pending={register.isPending}
    >
      <FormTextField<GenerateSigningKeyForm>
        name="label"
        label="Name"
        placeholder="Build laptop"
        autoComplete="off"
        hint="Helps you tell your keys apart."
      />
      <p className={styles.note}>
        Your browser makes the key pair. The private key is downloaded once, as a file the release command
        signs with: keep it safe. Ember never receives it and cannot give it to you again.
      </p>
    </FormDialog>
  );
}
