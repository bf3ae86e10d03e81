import { OBFUSCATIONS, type Obfuscation } from '@ember/contracts/enums';
import { FormSelect } from '../../../../components/form/form-select.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';

/** The fields the add and edit repository forms share. */
interface RepositoryFormFields {
  accessToken: string;
  obfuscation: Obfuscation;
}

/** The write-only access token; `stored`: the repository already has one (blank then keeps it). */
export function AccessTokenField({ stored }: { stored: boolean }) {
  return (
    <FormTextField<RepositoryFormFields>
      name="accessToken"
      label="Access token"
      type="password"
      autoComplete="off"
      hint={
        stored
          ? 'A token is stored. Leave blank to keep it, or enter a new one to replace it.'
          : 'Needed for a private repository. It is stored and never shown again.'
      }
    />
  );
}

/** The Obfuscation choice. */
export function ObfuscationSelect() {
  return (
    <FormSelect<RepositoryFormFields> name="obfuscation" label="Obfuscation">
      {OBFUSCATIONS.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </FormSelect>
  );
}
