/**
 * A paged reply's total as a table shows it: past the list's count cap the server says only "more
 * than" (`totalCapped`), printed as `10000+`.
 */
export function pagedTotal(reply: { totalDocuments?: unknown; totalCapped?: unknown }): string | undefined {
  if (typeof reply.totalDocuments !== 'number') return undefined;
  return `${reply.totalDocuments}${reply.totalCapped === true ? '+' : ''}`;
}
