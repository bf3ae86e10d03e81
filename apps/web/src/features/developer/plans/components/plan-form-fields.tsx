import styles from '../../../../components/form/form-layout.module.css';
import { FormTextArea } from '../../../../components/form/form-text-area.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import type { PlanFormInput } from '../utils/plan-form.ts';

/** The fields of a plan (create and edit, in their FormDialog's column): name, markdown description, image, tags, forum link. */
export function PlanFormFields({ disabled = false }: { disabled?: boolean }) {
  return (
    <>
      <FormTextField<PlanFormInput> name="name" label="Plan name" maxLength={100} disabled={disabled} />
      <FormTextArea<PlanFormInput>
        name="description"
        label="Description"
        rows={6}
        hint="Markdown. The shop shows it on the plan page."
        disabled={disabled}
      />
      <div className={styles.twoColumns}>
        <FormTextField<PlanFormInput>
          name="imageUrl"
          label="Image URL"
          placeholder="https://"
          inputMode="url"
          disabled={disabled}
        />
        <FormTextField<PlanFormInput>
          name="forumLink"
          label="Forum link"
          placeholder="https://"
          inputMode="url"
          disabled={disabled}
        />
      </div>
      <FormTextField<PlanFormInput>
        name="tags"
        label="Tags"
        placeholder="e.g. agility, rooftops"
        hint="Separated by commas."
        disabled={disabled}
      />
    </>
  );
}
