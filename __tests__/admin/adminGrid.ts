// Helpers for the admin DataGrid tests: find a row by the text it shows, pick an option of a filter select.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The grid row that shows `text`. */
export function rowOf(text: string): HTMLElement {
  const row = within(screen.getByRole('grid')).getByText(text).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
}

/** Chooses `option` in the select labelled `label`. */
export async function choose(user: UserEvent, label: string, option: string) {
  const field = screen.getByRole('combobox', { name: label });
  // The list filters are the browser's own select; the dialogs' fields are MUI's (a button and a listbox).
  if (field instanceof HTMLSelectElement) {
    await user.selectOptions(field, within(field).getByRole('option', { name: option }));
    return;
  }
  await user.click(field);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

/** Types a whole value at once (one input event), which keeps the big admin forms quick to test. */
export async function fill(user: UserEvent, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}
