import { type BookImportDetails, IMPORT_COLUMNS, type ImportRunEvent } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { expectProblem, request, type TestUser, useTestApp } from '../support/app.ts';
import { type BookRow, bookRow, csvOf, xlsxOf } from '../support/book-file.ts';
import { multipart } from '../support/builders.ts';
import { businessToday } from '../support/clock.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { accrue, useLoanWorld } from '../support/worlds.ts';

/**
 * 'Importar': the dry run lists exactly the planted problems by row and column and writes nothing;
 * a malformed file is a clear 4xx and writes nothing; the run writes the valid rows as loans from the
 * past (no cash), a second import of the same rows writes nothing, and the ledger, loan and tally
 * invariants hold, also after the accrual (which charges no day the file's fines already cover).
 */
const context = useTestApp();
const world = useLoanWorld(context);

function upload(token: string, body: Buffer | string, filename = 'cartera.xlsx') {
  const { payload, headers } = multipart([{ name: 'file', body, filename }]);
  return request(context.app, { method: 'POST', url: '/api/v1/imports', token, payload, headers });
}

async function checkOk(
  admin: TestUser,
  body: Buffer | string,
  filename?: string,
): Promise<BookImportDetails> {
  const response = await upload(admin.token, body, filename);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function run(admin: TestUser, id: string, mode: 'ALL' | 'VALID') {
  return request(context.app, {
    method: 'POST',
    url: `/api/v1/imports/${id}/run`,
    token: admin.token,
    payload: { mode },
  });
}

async function runOk(admin: TestUser, id: string, mode: 'ALL' | 'VALID'): Promise<BookImportDetails> {
  const response = await run(admin, id, mode);
  expect(response.statusCode, response.body).toBe(200);
  const events = response.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportRunEvent);
  const last = events.at(-1);
  if (last?.type !== 'done') throw new Error(response.body);
  expect(events.filter((e) => e.type === 'progress').at(-1)).toMatchObject({
    processed: last.import.importedCustomers,
  });
  return last.import;
}

async function counts() {
  const [row] = rowsOf<Record<string, number>>(
    await context.database.db.execute(sql`
      select (select count(*)::int from customers) as customers, (select count(*)::int from loans) as loans,
             (select count(*)::int from book_imports) as imports, (select count(*)::int from stored_files) as files,
             (select count(*)::int from account_transactions) as movements`),
  );
  return row;
}

const rows = (n: number, change: (i: number) => Partial<BookRow> = () => ({})) =>
  Array.from({ length: n }, (_, i) =>
    bookRow(i + 1, String(world.agent.num), businessToday(), change(i + 1)),
  );

/** Rows 2..13 of the file (data rows 1..12) each carry one planted error; file row = data row + 1. */
const PLANTED: Record<number, Partial<BookRow>> = {
  2: { telefono: '55123' },
  3: { curp: 'ABC' },
  4: { codigo_postal: '7200' },
  5: { estado: 'TEXAS' },
  6: { monto: 'mil pesos' },
  7: { fecha_entrega: '2026-02-30' },
  8: { agente: 'nadie' },
  10: { multas_pendientes: '100000' },
  11: { abono_siguiente: '200' },
  12: { nombre: '' },
  14: { monto: '50' },
};

describe('Importar: dry run', () => {
  it('lists exactly the planted problems by row and column, and writes nothing of the book', async () => {
    const file = rows(20, (n) => ({
      ...PLANTED[n],
      ...(n === 9 ? { curp: rows(1)[0]?.curp } : {}),
      ...(n === 13 ? { id_externo: 'EXT-00001' } : {}),
      ...(n === 15 ? { estado: 'Nuevo León' } : {}),
    }));
    const before = await counts();
    const uploaded = await xlsxOf(file);
    const checked = await checkOk(world.admin, uploaded);
    expect(checked.problems.map((p) => [p.row, p.column, p.field])).toEqual([
      [3, 'E', 'telefono'],
      [4, 'F', 'curp'],
      [5, 'M', 'codigo_postal'],
      [6, 'L', 'estado'],
      [7, 'P', 'monto'],
      [8, 'Q', 'fecha_entrega'],
      [9, 'N', 'agente'],
      [10, 'F', 'curp'],
      [11, 'T', 'multas_pendientes'],
      [12, 'S', 'abono_siguiente'],
      [13, 'B', 'nombre'],
      [14, 'A', 'id_externo'],
      [15, 'P', 'monto'],
    ]);
    expect(checked.problems.find((p) => p.row === 10)?.message).toBe(
      'El cliente ya tiene un préstamo en curso en la fila 2',
    );
    expect(checked.problems.find((p) => p.row === 3)?.message).toBe('Tel. debe ser de 10 dígitos');
    expect(checked.problems.find((p) => p.row === 9)?.message).toBe(
      'No hay un agente activo con número o usuario "nadie"',
    );
    expect(checked.problems.find((p) => p.row === 15)?.message).toMatch(/El monto mínimo/);
    expect(checked).toMatchObject({
      status: 'CHECKED',
      totalRows: 20,
      validRows: 7,
      rejectedRows: 13,
      newCustomers: 7,
      newLoans: 7,
      alreadyImported: 0,
    });
    const after = await counts();
    expect({ ...after, imports: before?.imports, files: before?.files }).toEqual(before);

    const rejected = await request(context.app, {
      method: 'GET',
      url: `/api/v1/imports/${checked.id}/rejected.csv`,
      token: world.admin.token,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const lines = rejected.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(14);
    expect(lines[0]).toMatch(/^id_externo,.*,errores$/);
    expect(lines[1]).toMatch(/^EXT-00002,.*Fila 3: E telefono: Tel\. debe ser de 10 dígitos/);

    const original = await request(context.app, {
      method: 'GET',
      url: `/api/v1/imports/${checked.id}/file`,
      token: world.admin.token,
    });
    expect(original.rawPayload.equals(uploaded)).toBe(true);
  });

  it('refuses agents', async () => {
    expectProblem(await upload(world.agent.token, csvOf(rows(1))), 403);
    const list = await request(context.app, {
      method: 'GET',
      url: '/api/v1/imports',
      token: world.agent.token,
    });
    expectProblem(list, 403);
  });

  it('gives the template with its instructions sheet', async () => {
    const response = await request(context.app, {
      method: 'GET',
      url: '/api/v1/imports/template.xlsx',
      token: world.admin.token,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Clientes', 'Instrucciones']);
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('id_externo');
    expect(workbook.worksheets[1]?.rowCount).toBeGreaterThan(20);
  });
});

describe('Importar: malformed files', () => {
  it('answers a clear 4xx and writes nothing', async () => {
    const before = await counts();
    const formula = new ExcelJS.Workbook();
    const sheet = formula.addWorksheet('Clientes');
    sheet.addRow(IMPORT_COLUMNS.map((column) => column.header));
    sheet.addRow(['A1', { formula: '1+1', result: 2 }]);
    const emptySheet = new ExcelJS.Workbook();
    emptySheet.addWorksheet('Clientes');
    const cases: [Buffer | string, number, RegExp][] = [
      [Buffer.from('%PDF-1.7\n%\xe2\xe3\x00\x00'), 415, /hoja de cálculo XLSX o un CSV/],
      [Buffer.from(await formula.xlsx.writeBuffer()), 400, /contiene una fórmula/],
      [Buffer.from(await emptySheet.xlsx.writeBuffer()), 400, /no tiene filas/],
      [`id_externo\n${'x'.repeat(10 * 1024 * 1024)}\n`, 400, /caracteres|demasiado larga/],
      [Buffer.from('id_externo,nombre\nA1,Jos\xe9\n', 'latin1'), 400, /UTF-8/],
      ['id_externo,nombre\nA1,José\n', 400, /Faltan columnas de la plantilla: apellido_paterno/],
      [`${csvOf([])}\n`, 400, /no tiene filas de datos/],
    ];
    for (const [body, status, detail] of cases) {
      expectProblem(await upload(world.admin.token, body, 'cartera.csv'), status, detail);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('Importar: run', () => {
  it('writes the valid rows as loans from the past, once, with every invariant holding', async () => {
    const today = businessToday();
    const file = rows(12, (n) =>
      n === 4
        ? { telefono: '1' }
        : n === 6
          ? {
              producto: '',
              monto: '',
              fecha_entrega: '',
              pagos_realizados: '',
              abono_siguiente: '',
              multas_pendientes: '',
            }
          : {},
    );
    const before = await counts();
    const checked = await checkOk(world.admin, await xlsxOf(file));
    expectProblem(await run(world.admin, checked.id, 'ALL'), 409, /1 filas con errores/);
    const done = await runOk(world.admin, checked.id, 'VALID');
    expect(done).toMatchObject({ status: 'DONE', mode: 'VALID', importedCustomers: 11, importedLoans: 10 });
    expectProblem(await run(world.admin, checked.id, 'VALID'), 409, /ya se ejecutó/);

    const after = await counts();
    expect(after).toMatchObject({
      customers: (before?.customers ?? 0) + 11,
      loans: (before?.loans ?? 0) + 10,
      movements: before?.movements,
    });
    // $1,000 delivered 30 days ago: 4 installments due, 2 paid, $50 paid of the 3rd, $150 of fines.
    const [loan] = rowsOf<{ status: string; balance: number; real: number; from_past: boolean }>(
      await context.database.db.execute(sql`
        select l.status, l.current_balance_cents::int as balance, l.current_real_amount_cents::int as real,
               l.loan_from_past as from_past
          from loans l join book_import_rows r on r.loan_id = l.id where r.external_id = 'EXT-00001'`),
    );
    expect(loan).toEqual({
      status: 'DELAYED',
      balance: 120_000 - 25_000 + 15_000,
      real: 135_000,
      from_past: true,
    });
    await expectLoanInvariant(context.database.db);
    await expectLedgerInvariant(context.database.db);

    // The accrual charges from the import day on, within each installment's cap: installment 3 was
    // given $100 of the file's fines (its cap), installment 4 $50, so today adds $50 to the 4th only.
    const accrued = await accrue(context, today);
    expect(accrued.feesCreated).toBe(10);
    expect((await accrue(context, today)).feesCreated).toBe(0);
    await expectLoanInvariant(context.database.db);

    // The same file again: every row already imported (the rejected one is still rejected), nothing written.
    const again = await checkOk(world.admin, await xlsxOf(file));
    expect(again).toMatchObject({ alreadyImported: 11, validRows: 0, rejectedRows: 1 });
    const second = await runOk(world.admin, again.id, 'VALID');
    expect(second).toMatchObject({ importedCustomers: 0, importedLoans: 0, alreadyImported: 11 });
    expect(await counts()).toMatchObject({ customers: after?.customers, loans: after?.loans });

    const history = await request(context.app, {
      method: 'GET',
      url: '/api/v1/imports',
      token: world.admin.token,
    });
    expect(history.json().data.map((i: BookImportDetails) => i.status)).toEqual(['DONE', 'DONE']);
    const audit = rowsOf<{ action: string; after: { importedCustomers: number } }>(
      await context.database.db.execute(
        sql`select action, after from audit_log where entity = 'book_import' and action = 'imported' order by at`,
      ),
    );
    expect(audit.map((a) => a.after.importedCustomers)).toEqual([11, 0]);
  });

  it('imports a CSV whose CURP already belongs to a customer as a problem of that row', async () => {
    const file = rows(2, (n) => (n === 2 ? { curp: world.customer.curp } : {}));
    const checked = await checkOk(world.admin, csvOf(file), 'cartera.csv');
    expect(checked.problems).toEqual([
      {
        row: 3,
        column: 'F',
        field: 'curp',
        message: `La CURP ya está registrada (cliente #${world.customer.num})`,
      },
    ]);
    expect(await runOk(world.admin, checked.id, 'VALID')).toMatchObject({ importedCustomers: 1 });
    await expectLoanInvariant(context.database.db);
  });
});
