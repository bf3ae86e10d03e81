import { type RegisterSigningKeyBody, registerSigningKeyBody } from '@ember/contracts/signing-keys';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import { FormTextArea } from '../../../../components/form/form-text-area.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useCreateForm } from '../../../../components/form/use-create-form.ts';
import { useRegisterSigningKey } from '../api/signing-keys.ts';

const EMPTY: RegisterSigningKeyBody = { label: '', publicKey: '' };

/** Add an existing key: an Ed25519 public key pasted as hex, base64, an OpenSSH line or a minisign key. */
export function AddKeyDialog(dialog: DialogControl) {
  const register = useRegisterSigningKey();
  const createForm = useCreateForm(registerSigningKeyBody, EMPTY, register);
  return (
    <FormDialog {...dialog} title="Add an existing key" submitLabel="Add key" {...createForm}>
      <FormTextField<RegisterSigningKeyBody>
        name="label"
        label="Name"
        placeholder="Build laptop"
        autoComplete="off"
      />
      <FormTextArea<RegisterSigningKeyBody>
        name="publicKey"
        label="Public key"
        rows={4}
        spellCheck={false}
        autoComplete="off"
        placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… you@laptop"
        hint="The public half only: an OpenSSH ssh-ed25519 line, a minisign public key, or the 32 bytes in hex or base64."
      />
    </FormDialog>
  );
}
