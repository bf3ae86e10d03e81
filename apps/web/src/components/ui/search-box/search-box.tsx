import { type FormEvent, useId } from 'react';
import { SearchIcon } from '../../icons/icons.tsx';
import { visuallyHiddenClass } from '../../visually-hidden/visually-hidden.tsx';
import styles from './search-box.module.css';
import { SearchInput } from './search-input.tsx';
import { useDebouncedSearch } from './use-debounced-search.ts';

interface SearchBoxProps {
  /** The search text in the URL (or the page's state). */
  value: string;
  /** The field's accessible name, e.g. 'Search plugins'. */
  label: string;
  placeholder?: string;
  /** Called with the trimmed text once typing pauses, or at once on Enter or clear. */
  onSearch: (text: string) => void;
}

/**
 * The one search field of the app: debounced, and following `value` when it changes elsewhere (nav
 * links, Back). The search landmark takes the field's name, so two on one page are told apart.
 */
export function SearchBox({ value, label, placeholder, onSearch }: SearchBoxProps) {
  const inputId = useId();
  const search = useDebouncedSearch(value, onSearch);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search.submitNow(search.text);
  }

  return (
    // Named by its label: a page with two searches (the admin's user finder and a section's) has two
    // landmarks a screen reader can tell apart (axe landmark-unique).
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some browsers (and jsdom); the role works everywhere.
    <form role="search" aria-label={label} className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={inputId} className={visuallyHiddenClass}>
        {label}
      </label>
      <span className={styles.icon}>
        <SearchIcon size={18} />
      </span>
      <SearchInput id={inputId} placeholder={placeholder} search={search} />
    </form>
  );
}
