/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
