/**
 * Two finished book imports ('Importar', modules/imports) in the generated history: 2 % of the
 * customers came from an earlier book (1.2 % in the first file, 0.8 % in the second), each with its
 * 'id_externo' in book_import_rows and the file itself kept in stored_files, an XLSX with the
 * template's columns (IMPORT_COLUMNS) as it was uploaded. The rows name the customer only, no loan:
 * a loan from the past has no account, no Reserva nor Entrega and no payment rows for what was paid
 * before (write-rows.ts), and the generated customers' loans were all made in the app, so the file's
 * loan columns are empty and `loan_id` null. An import is dated an hour before the first of its
 * customers was registered (those customers keep their own dates). Run after the indexes are rebuilt.
 */
import { createHash } from 'node:crypto';
import { IMPORT_COLUMNS } from '@prestaya/contracts';
import { streamFor } from '@prestaya/server/bench';
import ExcelJS from 'exceljs';
import { iso } from '../lib/business-time.ts';
import type { Target } from '../lib/target.ts';
import { UNIT_OF as U } from './ledger.ts';
import type { WorldSettings } from './settings.ts';

/** Share of the customers imported, and the part of it in the first file. */
export const IMPORTED_SHARE = 0.02;
const FIRST_FILE_SHARE = 0.012;
const FILES = ['cartera-libro-2024.xlsx', 'clientes-sucursal-norte.xlsx'] as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH = 2_000;

type Settings = Pick<WorldSettings, 'seed' | 'adminId'>;

interface Imported {
  id: string;
  name: string;
  last_name: string;
  second_last_name: string | null;
  phone: string;
  curp: string;
  created_on: Date | string;
  agent: string;
  street: string;
  num_exterior: string;
  num_interior: string | null;
  neighborhood: string;
  city: string;
  state: string;
  postal_code: string;
  file: number;
}

/**
 * Sets every entry's DOS time and date in a zip (local headers and central directory) to 1 January
 * 2026: the zip writer stamps the wall clock, and the same rows must give the same bytes.
 */
function fixedZipDates(zip: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const time = 0;
  const date = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad zip central directory');
    zip.writeUInt16LE(time, at + 12);
    zip.writeUInt16LE(date, at + 14);
    const local = zip.readUInt32LE(at + 42);
    zip.writeUInt16LE(time, local + 10);
    zip.writeUInt16LE(date, local + 12);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return zip;
}

async function bookFile(rows: Imported[], externalId: (i: number) => string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = workbook.modified = new Date('2026-01-01T00:00:00Z');
  const sheet = workbook.addWorksheet('Clientes');
  sheet.addRow(IMPORT_COLUMNS.map((column) => column.header));
  rows.forEach((c, i) => {
    const state = c.state.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    sheet.addRow([
      externalId(i),
      c.name,
      c.last_name,
      c.second_last_name ?? '',
      c.phone,
      c.curp,
      c.street,
      c.num_exterior,
      c.num_interior ?? '',
      c.neighborhood,
      c.city,
      state,
      c.postal_code,
      c.agent,
    ]);
  });
  return fixedZipDates(Buffer.from(await workbook.xlsx.writeBuffer()));
}

export async function writeImports(target: Target, s: Settings): Promise<void> {
  const rng = streamFor(s.seed, -2, 2);
  const customers = await target.query<Imported>(
    // The customer's first address by id, through a join rather than a per-customer 'order by id
    // limit 1': before ANALYZE the planner may walk the addresses' primary key for each customer.
    `select distinct on (c.created_on, c.id)
            c.id, c.name, c.last_name, c.second_last_name, c.phone, c.curp, c.created_on, u.username as agent,
            a.street, a.num_exterior, a.num_interior, a.neighborhood, a.city, a.state, a.postal_code,
            case when ${U("'imported' || c.id")} < ${FIRST_FILE_SHARE} then 0 else 1 end as file
       from customers c
       join users u on u.id = c.agent_id
       join addresses a on a.customer_id = c.id
      where ${U("'imported' || c.id")} < ${IMPORTED_SHARE}
      order by c.created_on, c.id, a.id`,
  );
  for (const [file, fileName] of FILES.entries()) {
    const rows = customers.filter((c) => c.file === file);
    if (rows.length === 0) continue;
    const firstMs = new Date(rows[0]?.created_on as Date | string).getTime();
    const createdMs = firstMs - 3_600_000;
    const finishedMs = createdMs + 5 * 60_000;
    const externalId = (i: number) => `L${file + 1}-${String(i + 1).padStart(6, '0')}`;
    const bytes = await bookFile(rows, externalId);
    const fileId = rng.uuid7(createdMs);
    const importId = rng.uuid7(createdMs);
    await target.query(
      `insert into stored_files (id, content_type, size_bytes, sha256, bytes, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [fileId, XLSX, bytes.length, createHash('sha256').update(bytes).digest('hex'), bytes, iso(createdMs)],
    );
    await target.query(
      `insert into book_imports (id, file_name, file_id, status, mode, total_rows, valid_rows, rejected_rows,
                                 already_imported, new_customers, new_loans, problems, problem_count,
                                 imported_customers, imported_loans, created_by, created_on, run_by, finished_on)
       values ($1, $2, $3, 'DONE', 'ALL', $4, $4, 0, 0, $4, 0, '[]'::jsonb, 0, $4, 0, $5, $6, $5, $7)`,
      [importId, fileName, fileId, rows.length, s.adminId, iso(createdMs), iso(finishedMs)],
    );
    for (let from = 0; from < rows.length; from += BATCH) {
      const batch = rows.slice(from, from + BATCH).map((c, i) => ({
        external_id: externalId(from + i),
        // Row 1 of the sheet is the header.
        row: from + i + 2,
        customer_id: c.id,
      }));
      await target.query(
        `insert into book_import_rows (external_id, import_id, row, customer_id, loan_id, installments_paid, partial_cents)
         select r.external_id, $2, r.row, r.customer_id, null, 0, 0
           from jsonb_to_recordset($1::jsonb) as r(external_id text, row int, customer_id uuid)`,
        [JSON.stringify(batch), importId],
      );
    }
  }
}
