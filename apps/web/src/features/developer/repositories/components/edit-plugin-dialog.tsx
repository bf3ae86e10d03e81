import { type PluginResponse, type UpdatePluginBody, updatePluginBody } from '@ember/contracts/delivery';
import { FormDialog } from '../../../../components/form/form-dialog.tsx';
import styles from '../../../../components/form/form-layout.module.css';
import { FormTextArea } from '../../../../components/form/form-text-area.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import type { useChangePlugin } from '../api/change-plugin.ts';

/** Edit plugin (spec §2): its description; name and version come from the repository's manifest. */
export function EditPluginDialog({
  plugin,
  update,
  onClose,
}: {
  plugin: PluginResponse;
  update: ReturnType<typeof useChangePlugin>['update'];
  onClose: () => void;
}) {
  const values: UpdatePluginBody = { description: plugin.description };
  const form = useContractForm(updatePluginBody, { defaultValues: values });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Edit ${plugin.name}`}
      submitLabel="Save description"
      form={form}
      emptyValues={values}
      onSubmit={(body) => update.mutateAsync({ id: plugin.id, body })}
      pending={update.isPending}
    >
      <FormTextArea<UpdatePluginBody> name="description" label="Description" rows={6} />
      <p className={styles.note}>
        {plugin.name} v{plugin.version}: the name and version come from the repository's plugins.json.
      </p>
    </FormDialog>
  );
}
