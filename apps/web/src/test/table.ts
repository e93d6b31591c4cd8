import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** The column titles of a table, in order. */
export const headersOf = (table: HTMLElement) =>
  [...table.querySelectorAll('thead th')].map((th) => th.textContent);

/** The trimmed text of every cell of every body row. */
export const rowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()),
  );

/** The text of every body row's cells as a desktop user reads them (phone-only folded parts removed). */
export const desktopRowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[class*="mantine-hidden-from"]')) hidden.remove();
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    }),
  );

/** The row of the table named `tableName` that shows `text`, once it is there. */
export async function rowIn(tableName: string, text: string | number) {
  const table = await screen.findByRole('table', { name: tableName });
  return (await within(table).findByText(String(text))).closest('tr') as HTMLElement;
}

/** Opens the row's 'Acciones' menu: the menu, and the labels of its items in order. */
export async function openRowMenu(row: HTMLElement) {
  await userEvent.click(within(row).getByRole('button', { name: 'Acciones' }));
  const menu = await screen.findByRole('menu');
  return {
    menu,
    items: within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  };
}

/** Opens the row's 'Acciones' menu and picks `action`. */
export async function pickRowAction(row: HTMLElement, action: string) {
  await userEvent.click(within(row).getByRole('button', { name: 'Acciones' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}
