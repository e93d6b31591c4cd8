import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { curpCheckDigit } from '@prestaya/domain';
import type { CustomerData } from './api.ts';
import { businessToday } from './clock.ts';

/** The request bodies and uploads the tests send: valid by default, each field overridable. */

let curpCounter = 0;

/**
 * A valid CURP of an adult, one per `serial` (168,000 distinct before they repeat): the serial picks the
 * birth date (1950–1999, days 1–28), then the homoclave digit; the check digit is RENAPO's.
 */
export function curpFor(serial: number, letters = 'GOMJ'): string {
  const day = String((serial % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(serial / 28) % 12) + 1).padStart(2, '0');
  const year = String(50 + (Math.floor(serial / 336) % 50));
  const homoclave = String(Math.floor(serial / 16_800) % 10);
  const first17 = `${letters}${year}${month}${day}HDFMRS${homoclave}`;
  return `${first17}${curpCheckDigit(first17)}`;
}

/** A unique, valid CURP for each call in a test file. */
export function uniqueCurp(): string {
  curpCounter += 1;
  return curpFor(curpCounter);
}

export const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  name: 'José',
  lastName: 'Gómez',
  secondLastName: 'Núñez',
  phone: '5512345678',
  curp: uniqueCurp(),
  ...overrides,
});

export const newAddress = (overrides: Record<string, unknown> = {}) => ({
  street: 'Av. Insurgentes Sur',
  numExterior: '1602',
  numInterior: '4B',
  neighborhood: 'Crédito Constructor',
  city: 'Benito Juárez',
  state: 'CIUDAD DE MEXICO',
  postalCode: '03940',
  ...overrides,
});

/** The form fields of a customer as the edit form would send them back. */
export function formOf(customer: CustomerData) {
  return {
    name: customer.name,
    lastName: customer.lastName,
    secondLastName: customer.secondLastName,
    phone: customer.phone,
    curp: customer.curp,
    agentId: customer.agentId,
    status: customer.status,
  };
}

export const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lucía',
  lastName: 'Núñez Pérez',
  username: 'lucia@prestaya.mx',
  password: 'Agente2026!',
  pin: '4826',
  roles: ['ROLE_USER'],
  ...overrides,
});

/** Banxico's published example CLABE (check digit valid). */
export const VALID_CLABE = '002010077777777771';

export const newAccount = (overrides: Record<string, unknown> = {}) => ({
  name: 'Caja Principal',
  bankName: 'Banamex',
  cardNumber: '4152313412345678',
  clabe: VALID_CLABE,
  customerName: 'Lucía Núñez',
  balance: 10_000,
  ...overrides,
});

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** A throw-away DATA_DIR for one test file (uploads land in DATA_DIR/uploads). */
export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'prestaya-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every regular file under `dir` (relative paths), recursively; [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path).map((f) => join(name, f)) : [name];
  });
}

export interface Part {
  name: string;
  /** String or bytes. */
  body: string | Buffer;
  contentType?: string;
  filename?: string;
}

/** A multipart/form-data body built by hand, so tests control every header of every part. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----prestaya${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
      '\r\n';
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface RequestBody {
  scheduledPaymentIds?: string[];
  feeIds?: string[];
  paymentMethod?: string;
  collectedAt?: string;
  /** An abono: an amount in pesos instead of items. */
  abono?: number;
  /** An early payoff: the day's quote in pesos. */
  payoff?: number;
}

/** The `paymentRequest` part as the web client sends it (a JSON part). */
export const jsonPart = (body: RequestBody | string): Part => ({
  name: 'paymentRequest',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  contentType: 'application/json',
});

/** The `paymentRequest` part as a plain text field holding JSON. */
export const textPart = (body: RequestBody | string): Part => ({
  name: 'paymentRequest',
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

export const filePart = (body: Buffer, filename = 'comprobante.png', contentType = 'image/png'): Part => ({
  name: 'file',
  body,
  filename,
  contentType,
});

/** The body of a rejection (PATCH /payments/{id}): REJECTED needs its reason. */
export const rejection = (reason = 'La transferencia no aparece en el banco') => ({
  status: 'REJECTED' as const,
  reason,
});

/** The parts of a customer document upload: `type`, an optional `description`, and the file. */
export function documentParts(
  file: Buffer,
  {
    type = 'INE_FRONT',
    description,
    filename = 'documento.png',
    contentType = 'image/png',
    // A proof of address needs its date: today's unless a test says otherwise (null: none sent).
    documentDate = type === 'PROOF_OF_ADDRESS' ? businessToday() : null,
  }: {
    type?: string;
    description?: string;
    filename?: string;
    contentType?: string;
    documentDate?: string | null;
  } = {},
): Part[] {
  return [
    { name: 'type', body: type },
    ...(description === undefined ? [] : [{ name: 'description', body: description }]),
    ...(documentDate === null ? [] : [{ name: 'documentDate', body: documentDate }]),
    { name: 'file', body: file, filename, contentType },
  ];
}
