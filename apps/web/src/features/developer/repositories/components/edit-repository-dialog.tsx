import { type RepositoryResponse, updateRepositoryBody } from '@ember/contracts/delivery';
import { z } from '@ember/contracts/zod';
import { FormCheckbox } from '../../../../components/form/form-checkbox.tsx';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import { FormTextArea } from '../../../../components/form/form-text-area.tsx';
import { useEditForm } from '../../../../components/form/use-edit-form.ts';
import { useUpdateRepository } from '../api/update-repository.ts';
import { AccessTokenField, ObfuscationSelect } from './repository-form-fields.tsx';

/** The contract's body, plus a box that removes the stored token (the contract's `accessToken: null`). */
const editRepositoryForm = updateRepositoryBody
  .extend({ removeAccessToken: z.boolean().default(false) })
  .transform(({ removeAccessToken, ...body }) => (removeAccessToken ? { ...body, accessToken: null } : body));
type EditRepositoryInput = z.input<typeof editRepositoryForm>;

/** The form's starting values: the token is write-only (blank keeps it), the config is shown as JSON text. */
export function repositoryFormValuesOf(repository: RepositoryResponse): EditRepositoryInput {
  return {
    id: repository.id,
    accessToken: '',
    removeAccessToken: false,
    obfuscation: repository.obfuscation,
    obfuscatorConfig: repository.obfuscatorConfig ? JSON.stringify(repository.obfuscatorConfig, null, 2) : '',
  };
}

/** Edit repository (spec §2, §7 PUT /plugin-repos/{id}): access token, obfuscation and obfuscator config. */
export function EditRepositoryDialog({
  repository,
  ...dialog
}: DialogControl & { repository: RepositoryResponse }) {
  const update = useUpdateRepository();
  const editForm = useEditForm(editRepositoryForm, repositoryFormValuesOf(repository), update);
  return (
    <FormDialog {...dialog} title="Edit repository" submitLabel="Save changes" {...editForm}>
      <AccessTokenField stored={repository.hasAccessToken} />
      {repository.hasAccessToken ? (
        <FormCheckbox<EditRepositoryInput> name="removeAccessToken">
          Remove the stored token (the repository is public)
        </FormCheckbox>
      ) : null}
      <ObfuscationSelect />
      <FormTextArea<EditRepositoryInput>
        name="obfuscatorConfig"
        label="Obfuscator config"
        rows={8}
        spellCheck={false}
        placeholder={'{\n  "renameClasses": true\n}'}
        hint="A JSON object given to the obfuscator when obfuscation is SOX. Leave blank for none."
      />
    </FormDialog>
  );
}
