import type { Suggestions } from '@ember/contracts/shop-suggestions';
import { type KeyboardEvent, useId, useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSuggestions } from '../api/get-suggestions.ts';

export interface SuggestionOption {
  /** The option element's id (aria-activedescendant points at it). */
  id: string;
  kind: 'plan' | 'developer';
  label: string;
  href: string;
}

export interface SuggestionGroup {
  id: string;
  label: string;
  options: SuggestionOption[];
}

function groupsOf(listId: string, found: Suggestions | undefined): SuggestionGroup[] {
  if (!found) return [];
  const groups: SuggestionGroup[] = [
    {
      id: `${listId}-plans`,
      label: 'Plugins',
      options: found.plans.map((plan) => ({
        id: `${listId}-plan-${plan.id}`,
        kind: 'plan',
        label: plan.name,
        href: paths.plan.getHref(plan.id),
      })),
    },
    {
      id: `${listId}-developers`,
      label: 'Developers',
      options: found.developers.map((developer) => ({
        id: `${listId}-developer-${developer.id}`,
        kind: 'developer',
        label: developer.name,
        href: paths.developerProfile.getHref(developer.id),
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/**
 * The shop search as a WAI-ARIA 1.2 combobox with a list of suggestions (issue 35): Down and Up move
 * through the suggestions (aria-activedescendant; focus stays in the field), Enter opens the chosen
 * one (without a choice it searches, as before), Escape closes the list, leaving the field is closing it.
 */
export function useSearchCombobox(text: string) {
  const listId = useId();
  const navigate = useNavigate();
  const [focused, setFocused] = useState(false);
  /** The text for which the list was closed (Escape, a choice): it opens again once the text changes. */
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [activeFor, setActiveFor] = useState(text);
  // A field focused before the app took over (a server-rendered shop, clicked and typed in while its
  // code loaded) never told React: it is focused for the list too, so what was typed suggests at once.
  useLayoutEffect(() => {
    if (document.activeElement?.getAttribute('aria-controls') === listId) setFocused(true);
  }, [listId]);
  const suggestions = useSuggestions(text, focused);
  const groups = text.trim() === '' ? [] : groupsOf(listId, suggestions.data);
  const options = groups.flatMap((group) => group.options);
  const open = focused && closedFor !== text && options.length > 0;
  // A new text starts without a choice.
  const activeIndex = activeFor === text && active < options.length ? active : -1;
  const activeOption = open ? options[activeIndex] : undefined;

  const choose = (option: SuggestionOption) => {
    setClosedFor(text);
    navigate(option.href);
  };
  const moveTo = (index: number) => {
    setClosedFor(null);
    setActiveFor(text);
    setActive(index);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = open ? activeIndex : -1;
      moveTo(from === -1 && step < 0 ? options.length - 1 : (from + step + options.length) % options.length);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only: a search field would also clear itself on Escape.
      event.preventDefault();
      setClosedFor(text);
      setActive(-1);
    }
  }

  return {
    listId,
    open,
    groups,
    activeId: activeOption?.id ?? null,
    choose,
    inputProps: {
      role: 'combobox',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': activeOption?.id,
      onKeyDown,
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
    },
  };
}
