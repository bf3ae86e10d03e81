import { type ReactNode, useId } from 'react';
import { useDebouncedSearch } from '../../../../components/ui/search-box/use-debounced-search.ts';
import { Select } from '../../../../components/ui/select/select.tsx';
import { TextField } from '../../../../components/ui/text-field/text-field.tsx';
import stack from '../../../../styles/stack.module.css';
import styles from './ledger.module.css';

interface FilterTextProps {
  label: string;
  /** The filter in force (what was last sent). */
  value: string;
  /** Called with the trimmed text once typing pauses, or at once on Enter. */
  onChange: (text: string) => void;
  placeholder?: string;
  /** Why the text is not a valid filter (it is not sent while it is not). */
  error?: string | null;
  disabled?: boolean;
  hint?: ReactNode;
  inputMode?: 'numeric' | 'text';
}

/** A text filter of a ledger toolbar: the app's debounced search behaviour in a labelled field. */
export function FilterText({ label, value, onChange, error, inputMode = 'text', ...rest }: FilterTextProps) {
  const { text, setText, submitNow } = useDebouncedSearch(value, onChange);
  return (
    <div className={styles.filter}>
      <TextField
        {...rest}
        label={label}
        value={text}
        mono
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        error={error}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submitNow(text);
        }}
      />
    </div>
  );
}

/** A day filter of a ledger toolbar (the browser's date picker); '' when cleared. */
export function FilterDate({
  label,
  value,
  onChange,
  min,
  max,
  error,
}: {
  label: string;
  /** YYYY-MM-DD or ''. */
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  error?: string | null;
}) {
  return (
    <div className={styles.filter}>
      <TextField
        type="date"
        label={label}
        value={value}
        min={min}
        max={max}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

interface FilterSelectProps<V extends string> {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  /** The label of the empty choice, e.g. 'Any type'. */
  anyLabel: string;
  options: readonly { value: V; label: string }[];
}

/** A choice filter of a ledger toolbar, labelled like the text fields beside it. */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  anyLabel,
  options,
}: FilterSelectProps<V>) {
  const id = useId();
  return (
    <div className={`${styles.filter} ${stack.gap2}`}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <Select
        id={id}
        value={value}
        className={styles.select}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          onChange(chosen ? chosen.value : '');
        }}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The first message of a failed contract parse for one field, if any. */
export function fieldError(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  field: string,
): string | null {
  return issues.find((issue) => issue.path[0] === field)?.message ?? null;
}
