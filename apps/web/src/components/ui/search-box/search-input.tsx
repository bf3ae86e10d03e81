import type { InputHTMLAttributes } from 'react';
import { CloseIcon } from '../../icons/icons.tsx';
import styles from './search-box.module.css';
import type { DebouncedSearch } from './use-debounced-search.ts';

interface SearchInputProps {
  id: string;
  /** The query parameter, where the field is part of a real GET form. */
  name?: string;
  placeholder?: string;
  search: DebouncedSearch;
  /** More of the field's attributes: the shop's search is a combobox with suggestions. */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>;
}

/** The search field and its Clear button (which searches for nothing at once): SearchBox and the shop's form. */
export function SearchInput({
  id,
  name,
  placeholder,
  search: { text, setText, submitNow },
  inputProps,
}: SearchInputProps) {
  return (
    <>
      <input
        {...inputProps}
        id={id}
        name={name}
        type="search"
        className={styles.input}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {text ? (
        <button
          type="button"
          className={styles.clear}
          aria-label="Clear search"
          onClick={() => {
            setText('');
            submitNow('');
          }}
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </>
  );
}
