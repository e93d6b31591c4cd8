import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { request, type TestContext } from './app.ts';
import { businessToday } from './clock.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export interface CsvDownload {
  /** The body after the BOM, decoded as UTF-8. */
  text: string;
  /** Records as a spreadsheet reads them (csv-parse), header row first. */
  rows: string[][];
  headers: Record<string, unknown>;
}

/**
 * GETs an export and checks what every export promises: 200, text/csv in UTF-8, an attachment named
 * `<name>-<business today>.csv`, a body that starts with the UTF-8 BOM and ends every line with CRLF.
 */
export async function downloadCsv(
  context: TestContext,
  token: string,
  url: string,
  name: string,
): Promise<CsvDownload> {
  const response = await request(context.app, { method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${name}-${businessToday()}.csv"`,
  );
  const bytes = response.rawPayload;
  expect(bytes.subarray(0, 3).equals(BOM), 'starts with the UTF-8 BOM').toBe(true);
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
  expect(text.endsWith('\r\n'), 'last line ends with CRLF').toBe(true);
  // Every line break outside a quoted cell is CRLF: no bare LF once quoted cells are removed.
  expect(text.replace(/"(?:[^"]|"")*"/g, '')).not.toMatch(/[^\r]\n/);
  const rows = parse(text, { relax_column_count: false }) as string[][];
  return { text, rows, headers: response.headers };
}

/** The rows without the header, as objects keyed by the Spanish header. */
export function recordsOf(download: CsvDownload): Record<string, string>[] {
  const [header, ...rows] = download.rows;
  return rows.map((row) => Object.fromEntries((header ?? []).map((name, i) => [name, row[i] ?? ''])));
}
