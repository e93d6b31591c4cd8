/**
 * Bulk loading for the data generator: PostgreSQL's COPY … FROM STDIN (pg-copy-streams, one connection
 * and one open COPY per table, all streaming at once) or PGlite's COPY … FROM '/dev/blob' (one COPY
 * per table and chunk). Rows are written in COPY's text format.
 */
import { once } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type CopyValue = string | number | boolean | null;

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function field(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string')
    return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c] ?? c) : value;
  return String(value);
}

/** Rows of one table for one chunk, in COPY text format. */
export class CopyBuffer {
  private lines: string[] = [];
  rows = 0;
  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}
  add(values: readonly CopyValue[]) {
    if (values.length !== this.columns.length)
      throw new Error(`${this.table}: ${values.length} values for ${this.columns.length} columns`);
    let line = field(values[0] as CopyValue);
    for (let i = 1; i < values.length; i++) line += `\t${field(values[i] as CopyValue)}`;
    this.lines.push(line);
    this.rows++;
  }
  /** The text so far (and forgets it). */
  take(): string {
    const text = this.lines.length === 0 ? '' : `${this.lines.join('\n')}\n`;
    this.lines = [];
    return text;
  }
}

export interface BulkSink {
  write(buffer: CopyBuffer): Promise<void>;
  /** Ends every COPY and waits until the server has them all. */
  finish(): Promise<void>;
}

const BACKLOG = 64 * 1024 * 1024;

const copySql = (buffer: CopyBuffer, source: string) =>
  `COPY ${buffer.table} (${buffer.columns.join(', ')}) FROM ${source}`;

/** PostgreSQL: one client and one COPY per table, left open across chunks; writes honour backpressure. */
export function postgresSink(connectionString: string): BulkSink {
  const open = new Map<string, Promise<{ client: pg.Client; stream: NodeJS.WritableStream }>>();
  const streamFor = (buffer: CopyBuffer) => {
    let entry = open.get(buffer.table);
    if (!entry) {
      entry = (async () => {
        const client = new pg.Client({ connectionString });
        await client.connect();
        const stream = client.query(copyFrom(copySql(buffer, 'STDIN')));
        return { client, stream };
      })();
      open.set(buffer.table, entry);
    }
    return entry;
  };
  return {
    async write(buffer) {
      const text = buffer.take();
      if (!text) return;
      const { stream } = await streamFor(buffer);
      // Let generation run ahead of the server by up to BACKLOG bytes per table before waiting.
      if (!stream.write(text) && (stream as unknown as { writableLength: number }).writableLength > BACKLOG)
        await once(stream, 'drain');
    },
    async finish() {
      await Promise.all(
        [...open.values()].map(async (entry) => {
          const { client, stream } = await entry;
          const done = new Promise<void>((resolve, reject) => {
            stream.on('finish', () => resolve());
            stream.on('error', reject);
          });
          stream.end();
          await done;
          await client.end();
        }),
      );
      open.clear();
    },
  };
}

/** PGlite: one COPY from a Blob per table and chunk (PGlite runs one statement at a time anyway). */
export function pgliteSink(client: PGlite): BulkSink {
  return {
    async write(buffer) {
      const text = buffer.take();
      if (!text) return;
      await client.query(copySql(buffer, "'/dev/blob'"), [], { blob: new Blob([text]) });
    },
    async finish() {},
  };
}
