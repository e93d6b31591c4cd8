/** The column titles of a table, in order. */
export const headersOf = (table: HTMLElement) =>
  [...table.querySelectorAll('thead th')].map((th) => th.textContent);

/** The trimmed text of every cell of every body row. */
export const rowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()),
  );
