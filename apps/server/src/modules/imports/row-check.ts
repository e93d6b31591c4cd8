import {
  addressInput,
  customerInput,
  formatCents,
  IMPORT_COLUMNS,
  IMPORT_EXTERNAL_ID_MAX,
  type ImportColumnHeader,
  type ImportProblem,
  isAllowedText,
  MX_STATES,
} from '@prestaya/contracts';
import {
  checkLoanAmount,
  type ImportedLoan,
  importedLoan,
  normalizeForSearch,
  type ProductLoanTerms,
  pesosTextToCents,
  productLoanTerms,
  sheetDateToIso,
} from '@prestaya/domain';
import type { LoanProductRow } from '../../db/schema/loan-products.ts';
import { REFUSALS } from '../../http/refusals.ts';
import { columnLetter } from '../../spreadsheet/rows.ts';

/**
 * One row of an import file checked on its own, with the SAME schemas the forms use (contracts'
 * customerInput and addressInput) and the loan rules (product amount limits, domain importedLoan).
 * Checks that need the other rows or the database (repeated identifiers and CURPs, customers already
 * registered) are analyse.ts's.
 */

export interface ImportContext {
  /** Active users by their number and by their username (lower case). */
  agents: Map<string, string>;
  /** Active products by their folded name. */
  products: Map<string, LoanProductRow>;
  today: string;
}

export interface ParsedLoan {
  product: LoanProductRow;
  terms: ProductLoanTerms;
  deliveryDate: string;
  installmentsPaid: number;
  partialCents: number;
  plan: Extract<ImportedLoan, { ok: true }>;
}

export interface ParsedRow {
  row: number;
  externalId: string;
  customer: { name: string; lastName: string; secondLastName: string | null; phone: string; curp: string };
  address: {
    street: string;
    numExterior: string;
    numInterior: string | null;
    neighborhood: string;
    city: string;
    state: string;
    postalCode: string;
  };
  agentId: string;
  loan: ParsedLoan | null;
}

/** The header's place in the file, by the template's names (case, accents and spaces ignored). */
export type HeaderMap = Map<ImportColumnHeader, number>;

const foldHeader = (text: string) => normalizeForSearch(text).replace(/[\s-]+/g, '_');
export const foldName = (text: string) => normalizeForSearch(text);

export function headerMap(cells: string[]): { map: HeaderMap; missing: string[] } {
  const map: HeaderMap = new Map();
  cells.forEach((cell, index) => {
    const known = IMPORT_COLUMNS.find((column) => column.header === foldHeader(cell));
    if (known && !map.has(known.header)) map.set(known.header, index);
  });
  const missing = IMPORT_COLUMNS.filter((column) => !map.has(column.header)).map((column) => column.header);
  return { map, missing };
}

const CUSTOMER_FIELDS: Record<string, ImportColumnHeader> = {
  name: 'nombre',
  lastName: 'apellido_paterno',
  secondLastName: 'apellido_materno',
  phone: 'telefono',
  curp: 'curp',
};
const ADDRESS_FIELDS: Record<string, ImportColumnHeader> = {
  street: 'calle',
  numExterior: 'num_exterior',
  numInterior: 'num_interior',
  neighborhood: 'colonia',
  city: 'ciudad',
  state: 'estado',
  postalCode: 'codigo_postal',
};
const LOAN_HEADERS: ImportColumnHeader[] = [
  'producto',
  'monto',
  'fecha_entrega',
  'pagos_realizados',
  'abono_siguiente',
  'multas_pendientes',
];

/** A refusal's Spanish text with its values, as the API words it. */
const worded = (code: keyof typeof REFUSALS, values: Record<string, string> = {}) =>
  REFUSALS[code].message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

export function checkRow(
  row: number,
  cells: string[],
  headers: HeaderMap,
  context: ImportContext,
): { parsed: ParsedRow | null; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const cell = (header: ImportColumnHeader) => cells[headers.get(header) ?? -1] ?? '';
  const problem = (header: ImportColumnHeader, message: string) => {
    const index = headers.get(header) ?? 0;
    problems.push({ row, column: columnLetter(index + 1), field: header, message });
  };
  const optional = (header: ImportColumnHeader) => cell(header) || undefined;

  const externalId = cell('id_externo');
  if (externalId === '') problem('id_externo', 'El id_externo es requerido');
  else if (externalId.length > IMPORT_EXTERNAL_ID_MAX || !isAllowedText(externalId)) {
    problem(
      'id_externo',
      `El id_externo debe tener a lo más ${IMPORT_EXTERNAL_ID_MAX} caracteres permitidos`,
    );
  }

  const customer = customerInput.safeParse({
    name: cell('nombre'),
    lastName: cell('apellido_paterno'),
    secondLastName: optional('apellido_materno'),
    phone: cell('telefono'),
    curp: cell('curp'),
  });
  if (!customer.success) {
    for (const issue of customer.error.issues) {
      problem(CUSTOMER_FIELDS[String(issue.path[0])] ?? 'nombre', issue.message);
    }
  }

  // The state as the API names it; a file may write it with accents or in lower case.
  const state = normalizeForSearch(cell('estado')).toUpperCase();
  const address = addressInput.safeParse({
    street: cell('calle'),
    numExterior: cell('num_exterior'),
    numInterior: optional('num_interior'),
    neighborhood: cell('colonia'),
    city: cell('ciudad'),
    state: (MX_STATES as readonly string[]).includes(state) ? state : cell('estado'),
    postalCode: cell('codigo_postal'),
  });
  if (!address.success) {
    for (const issue of address.error.issues) {
      const header = ADDRESS_FIELDS[String(issue.path[0])] ?? 'calle';
      problem(header, header === 'estado' ? 'El Estado debe ser uno de los 32 estados' : issue.message);
    }
  }

  const agentText = cell('agente');
  const agentId = context.agents.get(agentText.toLowerCase());
  if (agentText === '') problem('agente', 'El agente es requerido');
  else if (!agentId) problem('agente', `No hay un agente activo con número o usuario "${agentText}"`);

  const loan = checkLoan(cell, problem, context);
  if (problems.length > 0 || !customer.success || !address.success || !agentId || loan === undefined) {
    return { parsed: null, problems };
  }
  return {
    parsed: {
      row,
      externalId,
      customer: { ...customer.data, secondLastName: customer.data.secondLastName ?? null },
      address: { ...address.data, numInterior: address.data.numInterior ?? null },
      agentId,
      loan,
    },
    problems,
  };
}

/** The row's loan; null without one, undefined when it has problems (already added). */
function checkLoan(
  cell: (header: ImportColumnHeader) => string,
  problem: (header: ImportColumnHeader, message: string) => void,
  context: ImportContext,
): ParsedLoan | null | undefined {
  if (LOAN_HEADERS.every((header) => cell(header) === '')) return null;
  let failed = false;
  const fail = (header: ImportColumnHeader, message: string) => {
    failed = true;
    problem(header, message);
  };
  const productName = cell('producto');
  const product = productName
    ? context.products.get(foldName(productName))
    : context.products.size === 1
      ? [...context.products.values()][0]
      : undefined;
  if (!product) {
    fail(
      'producto',
      productName ? `No hay un producto activo llamado "${productName}"` : 'Escriba el producto',
    );
  }
  const amountCents = cell('monto') === '' ? null : pesosTextToCents(cell('monto'));
  if (cell('monto') === '') fail('monto', 'El monto es requerido para un préstamo');
  else if (!amountCents)
    fail('monto', 'El monto debe ser un número en pesos mayor a 0, como 1500 o 1,500.00');
  const deliveryText = cell('fecha_entrega');
  const deliveryDate = sheetDateToIso(deliveryText);
  if (deliveryText === '') fail('fecha_entrega', 'La fecha de entrega es requerida para un préstamo');
  else if (!deliveryDate || deliveryDate < '2000-01-01') {
    fail('fecha_entrega', 'La fecha de entrega debe ser AAAA-MM-DD o DD/MM/AAAA, desde el 2000');
  }
  const paidText = cell('pagos_realizados') || '0';
  const installmentsPaid = /^\d{1,3}$/.test(paidText) ? Number(paidText) : null;
  if (installmentsPaid === null) fail('pagos_realizados', 'Los pagos realizados deben ser un número entero');
  const partialCents = pesosTextToCents(cell('abono_siguiente'));
  if (partialCents === null)
    fail('abono_siguiente', 'El abono debe ser un monto en pesos, como 150 o 150.50');
  const finesCents = pesosTextToCents(cell('multas_pendientes'));
  if (finesCents === null) fail('multas_pendientes', 'Las multas deben ser un monto en pesos, como 100');
  if (failed || !product || !amountCents || !deliveryDate || installmentsPaid === null) return undefined;
  if (partialCents === null || finesCents === null) return undefined;

  const amountRefusal = checkLoanAmount(amountCents, product);
  if (amountRefusal) {
    const limit = formatCents(amountRefusal.limitCents);
    fail('monto', worded(amountRefusal.refusal, { minimum: limit, maximum: limit, product: product.name }));
    return undefined;
  }
  const terms = productLoanTerms(amountCents, product);
  const plan = importedLoan({
    totalCents: terms.totalCents,
    termWeeks: terms.termWeeks,
    lateFeeCapCents: terms.weeklyFeeCents,
    deliveryDate,
    installmentsPaid,
    partialCents,
    pendingFinesCents: finesCents,
    today: context.today,
  });
  if (!plan.ok) {
    const limit = formatCents(plan.limitCents ?? 0);
    fail(plan.field, worded(plan.refusal, { limit, term: String(terms.termWeeks) }));
    return undefined;
  }
  return { product, terms, deliveryDate, installmentsPaid, partialCents, plan };
}
