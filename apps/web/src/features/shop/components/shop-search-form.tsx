import { type FormEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { SearchIcon } from '../../../components/icons/icons.tsx';
import searchStyles from '../../../components/ui/search-box/search-box.module.css';
import { SearchInput } from '../../../components/ui/search-box/search-input.tsx';
import { useDebouncedSearch } from '../../../components/ui/search-box/use-debounced-search.ts';
import { visuallyHiddenClass } from '../../../components/visually-hidden/visually-hidden.tsx';
import { paths } from '../../../config/paths.ts';
import stack from '../../../styles/stack.module.css';
import { useSearchCombobox } from '../hooks/use-search-combobox.ts';
import { pluginCountLabel } from '../utils/plugin-count.ts';
import {
  DEFAULT_SHOP_FILTERS,
  SHOP_SORTS,
  type ShopFilters,
  type ShopSort,
} from '../utils/shop-search-params.ts';
import { SearchSuggestions } from './search-suggestions.tsx';
import styles from './shop-search-form.module.css';
import { SortSelect } from './sort-select.tsx';

interface ShopSearchFormProps {
  filters: ShopFilters;
  /** The trimmed search text, once typing pauses or at once on Enter or clear. */
  onSearch: (name: string) => void;
  onSort: (sort: ShopSort) => void;
  /** Placed between the search field and the sort order (the filters toggle). */
  children?: ReactNode;
  /** The class of the row holding the search field, the children and the sort order. */
  toolbarClassName?: string;
  /** Placed under that row, inside the form (the filter panel, whose checkboxes are fields too). */
  panel?: ReactNode;
  /** Filters whose fields the panel shows: they are not repeated as hidden fields. */
  inPanel?: { labels: boolean; developers: boolean };
  /** How many plans match, said beside the sort order ('33 plugins'); null while unknown. */
  matches?: number | null;
}

/** The current value of a form field the server rendered, as the visitor left it; null on the server. */
function fieldValue(id: string): string | null {
  if (typeof document === 'undefined') return null;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : null;
}

/**
 * What the visitor left in a field, when it differs from `shown`: read now (typed while hydrating),
 * else as read before React committed (React resets a controlled field to its value when it does).
 */
function visitorsValue(now: string | null, atRender: string | null, shown: string): string | null {
  if (now !== null && now !== shown) return now;
  return atRender !== null && atRender !== shown ? atRender : null;
}

const sortNamed = (value: string | null) => SHOP_SORTS.find((option) => option.value === value)?.value;

/**
 * The shop's search and sort: a real GET form to /shop (issue 24, item 15). A guest's /shop is
 * rendered on the server and its code comes up to 3 s later: until then Enter (or the search
 * button) submits the form and the server renders the results; the filters in use ride along as
 * hidden fields. What the visitor typed or chose before the app took over is read from the fields
 * at hydration and applied, never wiped.
 */
export function ShopSearchForm({
  filters,
  onSearch,
  onSort,
  children,
  toolbarClassName,
  panel,
  inPanel = { labels: false, developers: false },
  matches = null,
}: ShopSearchFormProps) {
  const inputId = useId();
  const sortId = useId();
  // The first render matches the server's markup; the fields' values are read before React commits.
  const search = useDebouncedSearch(filters.name, onSearch);
  const { text, setText, submitNow } = search;
  const [atHydration] = useState(() => ({ text: fieldValue(inputId), sort: fieldValue(sortId) }));
  const chosenAtHydration = useRef<ShopSort | undefined>(undefined);
  const combobox = useSearchCombobox(text);

  // Once, at hydration (an empty dependency list): later changes go through the handlers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the app takes over
  useLayoutEffect(() => {
    const typed = visitorsValue(fieldValue(inputId), atHydration.text, filters.name);
    if (typed !== null) setText(typed);
    chosenAtHydration.current = sortNamed(visitorsValue(fieldValue(sortId), atHydration.sort, filters.sort));
  }, []);
  // Applied after every layout effect: the router ignores a navigation before its own has run.
  useEffect(() => {
    if (chosenAtHydration.current) onSort(chosenAtHydration.current);
    chosenAtHydration.current = undefined;
  }, [onSort]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitNow(text);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some browsers (and jsdom); the role works everywhere.
    <form role="search" method="get" action={paths.shop.getHref()} className={stack.gap5} onSubmit={onSubmit}>
      <div className={toolbarClassName}>
        <div className={searchStyles.form}>
          <label htmlFor={inputId} className={visuallyHiddenClass}>
            Search plugins
          </label>
          <button type="submit" className={styles.submit} aria-label="Search">
            <SearchIcon size={18} />
          </button>
          <SearchInput
            id={inputId}
            name="name"
            placeholder="Search plugins by name"
            search={search}
            inputProps={combobox.inputProps}
          />
          <SearchSuggestions
            listId={combobox.listId}
            open={combobox.open}
            groups={combobox.groups}
            activeId={combobox.activeId}
            onChoose={combobox.choose}
          />
        </div>
        {children}
        <p className={styles.matches} aria-live="polite" data-testid="plugin-count">
          {matches === null ? '' : pluginCountLabel(matches)}
        </p>
        <SortSelect id={sortId} name="sort" value={filters.sort} onChange={onSort} />
      </div>
      {panel}
      {filters.labelIds.length > 0 && !inPanel.labels ? (
        <input type="hidden" name="labels" value={filters.labelIds.join(',')} />
      ) : null}
      {filters.developers.length > 0 && !inPanel.developers ? (
        <input type="hidden" name="developers" value={filters.developers.join(',')} />
      ) : null}
      {filters.minRating !== null && !inPanel.labels ? (
        <input type="hidden" name="rating" value={filters.minRating} />
      ) : null}
      {filters.price !== null && !inPanel.labels ? (
        <input type="hidden" name="price" value={filters.price} />
      ) : null}
      {filters.size !== DEFAULT_SHOP_FILTERS.size ? (
        <input type="hidden" name="size" value={filters.size} />
      ) : null}
    </form>
  );
}
