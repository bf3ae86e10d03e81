import type { SuggestionGroup, SuggestionOption } from '../hooks/use-search-combobox.ts';
import styles from './search-suggestions.module.css';

/** The combobox's popup: the suggested plugins and developers, grouped (WAI-ARIA listbox with groups). */
export function SearchSuggestions({
  listId,
  open,
  groups,
  activeId,
  onChoose,
}: {
  listId: string;
  open: boolean;
  groups: SuggestionGroup[];
  activeId: string | null;
  onChoose: (option: SuggestionOption) => void;
}) {
  return (
    <div id={listId} role="listbox" aria-label="Suggestions" className={styles.list} hidden={!open}>
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (WAI-ARIA 1.2); a fieldset is a form control group
        <div key={group.id} role="group" aria-labelledby={`${group.id}-label`}>
          <div id={`${group.id}-label`} role="presentation" className={styles.groupLabel}>
            {group.label}
          </div>
          {group.options.map((option) => (
            // Clicked with the mouse; the keyboard stays in the field (aria-activedescendant).
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keys
            // biome-ignore lint/a11y/useFocusableInteractive: in the combobox pattern focus stays in the field, options are pointed at by aria-activedescendant
            <div
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={option.id === activeId}
              className={styles.option}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(option)}
            >
              {option.label}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
