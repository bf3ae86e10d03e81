import {
  type RepositoryResponse,
  type UpdateRepositoryBody,
  updateRepositoryBody,
} from '@ember/contracts/delivery';
import { OBFUSCATIONS } from '@ember/contracts/enums';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormSelect } from '../../../components/form/form-select.tsx';
import { FormTextArea } from '../../../components/form/form-text-area.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useUpdateRepository } from '../api/update-repository.ts';
import styles from './developer-forms.module.css';

/** The form's starting values: the token is write-only (blank keeps it), the config is shown as JSON text. */
export function repositoryFormValuesOf(repository: RepositoryResponse): UpdateRepositoryBody {
  return {
    id: repository.id,
    accessToken: '',
    obfuscation: repository.obfuscation,
    obfuscatorConfig: repository.obfuscatorConfig ? JSON.stringify(repository.obfuscatorConfig, null, 2) : '',
  };
}

/** Edit repository (spec §2, §7 PUT /plugin-repos/{id}): access token, obfuscation and obfuscator config. */
export function EditRepositoryDialog({
  repository,
  open,
  onClose,
}: {
  repository: RepositoryResponse;
  open: boolean;
  onClose: () => void;
}) {
  const values = repositoryFormValuesOf(repository);
  const form = useContractForm(updateRepositoryBody, { values });
  const update = useUpdateRepository();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Edit repository"
      submitLabel="Save changes"
      form={form}
      emptyValues={values}
      onSubmit={update.mutateAsync}
      pending={update.isPending}
    >
      <div className={styles.fields}>
        <FormTextField<UpdateRepositoryBody>
          name="accessToken"
          label="Access token"
          type="password"
          autoComplete="off"
          hint={
            repository.hasAccessToken
              ? 'A token is stored. Leave blank to keep it, or enter a new one to replace it.'
              : 'Needed for a private repository. It is stored and never shown again.'
          }
        />
        <FormSelect<UpdateRepositoryBody> name="obfuscation" label="Obfuscation">
          {OBFUSCATIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </FormSelect>
        <FormTextArea<UpdateRepositoryBody>
          name="obfuscatorConfig"
          label="Obfuscator config"
          rows={8}
          spellCheck={false}
          placeholder={'{\n  "renameClasses": true\n}'}
          hint="A JSON object given to the obfuscator when obfuscation is SOX. Leave blank for none."
        />
      </div>
    </FormDialog>
  );
}
