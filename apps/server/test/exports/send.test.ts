import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textCell } from '../../src/csv/cells.ts';
import { sendCsv } from '../../src/csv/send.ts';
import type { PageQuery } from '../../src/db/paging.ts';

/**
 * The streaming of csv/send.ts over a list source held in memory: batches in the list's order, the
 * row limit and its headers. (The real lists are covered through their routes.)
 */
const ROWS = ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete'];
const reads: { limit: number; offset: number }[] = [];

const app = Fastify();
app.get<{ Querystring: { limit?: string; batch?: string } }>('/export.csv', (request, reply) =>
  sendCsv(reply, {
    name: 'prueba',
    columns: [
      { header: 'Número', cell: (row: string) => String(ROWS.indexOf(row) + 1) },
      { header: 'Texto', cell: (row: string) => textCell(row) },
    ],
    source: {
      request: { page: 1, size: 1, order: 'asc' },
      orderColumns: { id: sql`id` },
      defaultOrderBy: 'id',
      tiebreaker: sql`id`,
      rows: async ({ limit, offset }: PageQuery) => {
        reads.push({ limit, offset });
        return ROWS.slice(offset, offset + limit);
      },
      count: async () => ROWS.length,
    },
    timeZone: 'America/Mexico_City',
    batchSize: Number(request.query.batch ?? 3),
    ...(request.query.limit ? { rowLimit: Number(request.query.limit) } : {}),
  }),
);

beforeAll(() => app.ready());
afterAll(() => app.close());

async function download(query: string) {
  reads.length = 0;
  const response = await app.inject({ method: 'GET', url: `/export.csv${query}` });
  expect(response.statusCode).toBe(200);
  return { response, lines: response.rawPayload.subarray(3).toString('utf8').split('\r\n') };
}

describe('sendCsv', () => {
  it('reads the list in batches, in order, until a short batch', async () => {
    const { response, lines } = await download('');
    expect(lines).toEqual(['Número,Texto', ...ROWS.map((row, i) => `${i + 1},${row}`), '']);
    expect(reads).toEqual([
      { limit: 3, offset: 0 },
      { limit: 3, offset: 3 },
      { limit: 3, offset: 6 },
    ]);
    expect(response.headers['x-total-count']).toBe('7');
    expect(response.headers['x-export-truncated']).toBeUndefined();
  });

  it('stops at the row limit and says so', async () => {
    const { response, lines } = await download('?limit=5');
    expect(lines).toEqual(['Número,Texto', '1,uno', '2,dos', '3,tres', '4,cuatro', '5,cinco', '']);
    expect(reads).toEqual([
      { limit: 3, offset: 0 },
      { limit: 2, offset: 3 },
    ]);
    expect(response.headers['x-total-count']).toBe('7');
    expect(response.headers['x-export-truncated']).toBe('true');
  });

  it('an exact multiple of the batch size ends with one empty read', async () => {
    const { lines } = await download('?batch=7');
    expect(lines).toHaveLength(ROWS.length + 2);
    expect(reads).toEqual([
      { limit: 7, offset: 0 },
      { limit: 7, offset: 7 },
    ]);
  });
});
