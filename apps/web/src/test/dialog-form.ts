import { fireEvent, screen, within } from '@testing-library/react';

/** The open dialog of that name. */
export const dialog = (name: string) => screen.getByRole('dialog', { name });

/** Clicks the button of that name inside `scope` (a dialog's Save, Create, …). */
export const submit = (scope: HTMLElement, name: string) =>
  fireEvent.click(within(scope).getByRole('button', { name }));

/** Types `value` into the field labelled `label` inside `scope`. */
export const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
