import { pipeline, Readable } from 'node:stream';
import { businessDate } from '@prestaya/domain';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { orderTerms, type PaginateOptions } from '../db/paging.ts';

/**
 * At most this many rows per download, so one request cannot stream a table without end: beyond it the
 * file holds the first ones, in list order.
 */
export const CSV_ROW_LIMIT = 100_000;
/** Rows read per query while streaming: the memory held at once, whatever the size of the export. */
export const CSV_BATCH_SIZE = 10_000;

export interface CsvColumn<Row> {
  /** Spanish header, as the list screen titles the column. */
  header: string;
  /** The cell text, built with csv/cells.ts (formula guard on text, exact money, business-time dates). */
  cell: (row: Row) => string;
}

export interface CsvExport<Row> {
  /** Spanish base name: `clientes` → `clientes-2026-03-14.csv`. */
  name: string;
  columns: CsvColumn<Row>[];
  /**
   * The list's own query (the same builder its paged endpoint uses): filters, allow-listed order and
   * count. `request.page`/`size` are ignored: the export walks the whole list in batches.
   */
  source: PaginateOptions<Row>;
  timeZone: string;
  /** Tests lower it. */
  rowLimit?: number;
  batchSize?: number;
}

async function* records<Row>(
  options: CsvExport<Row>,
  orderBy: ReturnType<typeof orderTerms>,
  rowLimit: number,
): AsyncGenerator<string[]> {
  const batchSize = options.batchSize ?? CSV_BATCH_SIZE;
  yield options.columns.map((column) => column.header);
  for (let offset = 0; offset < rowLimit; ) {
    const limit = Math.min(batchSize, rowLimit - offset);
    const rows = await options.source.rows({ orderBy, limit, offset });
    for (const row of rows) yield options.columns.map((column) => column.cell(row));
    if (rows.length < limit) return;
    offset += rows.length;
  }
}

/**
 * Sends a list as a CSV download that Excel opens with accents intact: `text/csv; charset=utf-8`, UTF-8
 * BOM, CRLF line ends, a Spanish header row, csv-stringify quoting. Everything that can refuse the
 * request (role, filter values, `orderBy`) runs before the first byte, so a bad request is still a
 * problem+json 4xx. Rows are read in batches of the list's own order (ties broken by id, so batches
 * never overlap); rows written meanwhile by others may shift a batch boundary by a row.
 * `X-Total-Count` is the number of matching rows; `X-Export-Truncated: true` says the file stopped at
 * the row limit.
 */
export async function sendCsv<Row>(reply: FastifyReply, options: CsvExport<Row>): Promise<FastifyReply> {
  const orderBy = orderTerms(options.source);
  const rowLimit = options.rowLimit ?? CSV_ROW_LIMIT;
  const total = await options.source.count();
  const filename = `${options.name}-${businessDate(new Date(), options.timeZone)}.csv`;
  const body = pipeline(
    Readable.from(records(options, orderBy, rowLimit)),
    // quote_record_delimiter: with an explicit record delimiter csv-stringify would otherwise leave a
    // lone LF or CR in a cell unquoted, and a spreadsheet would split the row there.
    stringify({ bom: true, record_delimiter: '\r\n', quote_record_delimiter: true }),
    (error) => {
      if (error) reply.log.error({ err: error }, `CSV export ${options.name} interrupted`);
    },
  );
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .header('x-total-count', String(total));
  if (total > rowLimit) reply.header('x-export-truncated', 'true');
  return reply.send(body);
}
