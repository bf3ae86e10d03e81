import { OBFUSCATIONS, type Obfuscation } from '@ember/contracts/enums';
import { FormSelect } from '../../../../components/form/form-select.tsx';

/** The Obfuscation choice of the add and edit repository forms. */
export function ObfuscationSelect() {
  return (
    <FormSelect<{ obfuscation: Obfuscation }> name="obfuscation" label="Obfuscation">
      {OBFUSCATIONS.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </FormSelect>
  );
}
