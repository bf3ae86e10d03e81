import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search runs (and the URL changes). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface DebouncedSearch {
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  /** Sends `next` at once (Enter, clear), unless it is what was sent last. */
  submitNow: (next: string) => void;
}

/**
 * The text of a search field, sent trimmed once typing pauses or at once on submit, and following
 * `value` when it changes elsewhere (nav links, Back). The one search behaviour of the app: the
 * SearchBox and the shop's search form both use it.
 */
export function useDebouncedSearch(value: string, onSearch: (text: string) => void): DebouncedSearch {
  const [text, setText] = useState(value);
  /** The last text sent, to tell our own URL updates from outside ones. */
  const sent = useRef(value);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      onSearch(trimmed);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  function submitNow(next: string) {
    const trimmed = next.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    onSearch(trimmed);
  }

  return { text, setText, submitNow };
}
