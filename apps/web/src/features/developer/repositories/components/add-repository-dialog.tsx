import { type CreateRepositoryBody, createRepositoryBody } from '@ember/contracts/delivery';
import { FormCheckbox } from '../../../../components/form/form-checkbox.tsx';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import styles from '../../../../components/form/form-layout.module.css';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useCreateForm } from '../../../../components/form/use-create-form.ts';
import { useCreateRepository } from '../api/create-repository.ts';
import { AccessTokenField, ObfuscationSelect } from './repository-form-fields.tsx';

const EMPTY: CreateRepositoryBody = { url: '', accessToken: '', obfuscation: 'NONE', storm2: false };

/** Add repository: url, access token (write-only), obfuscation SOX / NONE, second-generation client. */
export function AddRepositoryDialog(dialog: DialogControl) {
  const create = useCreateRepository();
  const createForm = useCreateForm(createRepositoryBody, EMPTY, create);
  return (
    <FormDialog {...dialog} title="Add repository" submitLabel="Add repository" {...createForm}>
      <FormTextField<CreateRepositoryBody>
        name="url"
        label="Repository URL"
        placeholder="https://github.com/you/plugins.git"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
      />
      <AccessTokenField stored={false} />
      <ObfuscationSelect />
      <FormCheckbox<CreateRepositoryBody> name="storm2">Built for the second-generation client</FormCheckbox>
      <p className={styles.note}>Plugins appear once the repository has been fetched.</p>
    </FormDialog>
  );
}
