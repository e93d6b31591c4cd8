import { numbered, personName, staffName, uuid } from './common.ts';
import { curpField, rfcField, storedCurpField } from './identity.ts';
import { CUSTOMER_STATUSES, LOAN_STATUSES } from './labels.ts';
import { statusListQueries } from './list-filters.ts';
import { optionalText, queryText, requiredText } from './text.ts';
import { z } from './zod.ts';

/** The 32 federal entities, upper case and without accents, as the API sends them (docs/product.md §3 "State list"). */
export const MX_STATES = [
  'AGUASCALIENTES',
  'BAJA CALIFORNIA',
  'BAJA CALIFORNIA SUR',
  'CAMPECHE',
  'COAHUILA',
  'COLIMA',
  'CHIAPAS',
  'CHIHUAHUA',
  'CIUDAD DE MEXICO',
  'DURANGO',
  'GUANAJUATO',
  'GUERRERO',
  'HIDALGO',
  'JALISCO',
  'MEXICO',
  'MICHOACAN',
  'MORELOS',
  'NAYARIT',
  'NUEVO LEON',
  'OAXACA',
  'PUEBLA',
  'QUERETARO',
  'QUINTANA ROO',
  'SAN LUIS POTOSI',
  'SINALOA',
  'SONORA',
  'TABASCO',
  'TAMAULIPAS',
  'TLAXCALA',
  'VERACRUZ',
  'YUCATAN',
  'ZACATECAS',
] as const;
export type MxState = (typeof MX_STATES)[number];

export const phone = z
  .string({ error: 'Tel. debe ser de 10 dígitos' })
  .trim()
  .regex(/^\d{10}$/, 'Tel. debe ser de 10 dígitos');

/** Customer form (docs/product.md §5 "Customer form"); the same schema validates on the server and in the form. */
export const customerInput = z.object({
  name: requiredText({ label: 'El nombre', max: 80 }),
  lastName: requiredText({ label: 'Ap. Paterno', max: 80 }),
  secondLastName: optionalText({ label: 'Ap. Materno', max: 80 }),
  phone,
  curp: curpField,
  rfc: rfcField,
  agentId: z.uuid({ error: 'Agente inválido' }).nullish(),
  // Only PENDING exists: a value that is present but different is named as what it is.
  status: z
    .enum(CUSTOMER_STATUSES, {
      error: (issue) =>
        issue.input == null
          ? 'El estatus es requerido'
          : 'Estatus inválido: un cliente solo puede tener el estatus PENDING (En espera)',
    })
    .default('PENDING'),
});
export type CustomerInput = z.input<typeof customerInput>;

/**
 * `PUT /customers/{id}`: the same form, but the CURP is checked in full only when it changes (the
 * server compares it with the stored one), so a customer saved before the full check stays editable.
 */
export const customerEditInput = customerInput.extend({ curp: storedCurpField });

/** Address form (docs/product.md §5 "Address form"). */
export const addressInput = z.object({
  street: requiredText({ label: 'La calle', feminine: true, max: 120 }),
  numExterior: requiredText({ label: 'El No. Exterior', max: 20 }),
  numInterior: optionalText({ label: 'El No. Interior', max: 20 }),
  neighborhood: requiredText({ label: 'La Colonia', feminine: true, max: 120 }),
  city: requiredText({ label: 'La Ciudad', feminine: true, max: 120 }),
  state: z.enum(MX_STATES, { error: 'El Estado es requerido' }),
  postalCode: z
    .string({ error: 'Código Postal debe ser de 5 dígitos' })
    .trim()
    .regex(/^\d{5}$/, 'Código Postal debe ser de 5 dígitos'),
});
export type AddressInput = z.input<typeof addressInput>;

export const address = z.object({
  id: z.string(),
  street: z.string(),
  numExterior: z.string(),
  numInterior: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.enum(MX_STATES),
  postalCode: z.string(),
});
export type Address = z.infer<typeof address>;

/** A staff member as shown beside a customer (never their username, roles or PIN). */
export const agentSummary = z.object({ ...numbered, ...staffName });
export type AgentSummary = z.infer<typeof agentSummary>;

/** How many staff members a picker's page shows (agents, the audit's 'Usuario'): typing finds the rest. */
export const STAFF_PICKER_SIZE = 20;
/** The most a picker's page may ask for. */
export const STAFF_PICKER_MAX_SIZE = 50;

/**
 * `GET /agents` query. Without either parameter the reply is every assignable agent, as before; with
 * `query` (name, last name or user number, accents and case ignored) or `size` it is the first `size`
 * (STAFF_PICKER_SIZE by default) of them by name, so a picker's request stays small at any staff size.
 */
export const agentsQuery = z.object({
  query: queryText({ label: 'La búsqueda', feminine: true, max: 60 }),
  size: z.coerce.number().int().min(1).max(STAFF_PICKER_MAX_SIZE).optional(),
});
export type AgentsQuery = z.infer<typeof agentsQuery>;

/**
 * The loan a customer's status and balance are read from (the CustomerDetails header and the
 * 'Clientes' list): the open one (ACTIVE/DELAYED), else the newest not cancelled; null without one.
 */
export const customerLoanSummary = z.object({
  ...numbered,
  status: z.enum(LOAN_STATUSES),
  currentBalance: z.number(),
});
export type CustomerLoanSummary = z.infer<typeof customerLoanSummary>;

export const customerListItem = z.object({
  ...numbered,
  ...personName,
  phone: z.string(),
  curp: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  agent: agentSummary.nullable(),
  createdOn: z.string(),
  currentLoan: customerLoanSummary.nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

export const customer = customerListItem.extend({
  agentId: z.string().nullable(),
  rfc: z.string().nullable(),
  // What the CURP tells, computed on each read (the age moves with the business date); all null when
  // the stored CURP fails the check.
  birthDate: z.string().nullable(),
  age: z.number().int().nullable(),
  /** H, M or X (CURP_SEX_LABELS). */
  sex: z.string().nullable(),
  /** The state of birth in capitals without accents, or 'NACIDO EN EL EXTRANJERO'. */
  birthState: z.string().nullable(),
  addresses: z.array(address),
});
export type Customer = z.infer<typeof customer>;

/**
 * Sortable columns of the customers list. `status` and `balance` are those of the customer's current
 * loan (customerLoanSummary); `status` sorts by its Spanish label, a customer without a loan reading
 * 'Sin préstamo', and `balance` counts a customer without a loan as 0.
 */
export const CUSTOMER_ORDER_COLUMNS = [
  'num',
  'name',
  'lastName',
  'phone',
  'createdOn',
  'status',
  'balance',
] as const;

export const addressParams = z.object({ id: uuid, addressId: uuid });

/** Query of the customers list (`q`: a customer status) and of its CSV export. */
export const { list: customerListQuery, export: customerExportQuery } = statusListQueries(CUSTOMER_STATUSES);
export type CustomerListQuery = z.output<typeof customerListQuery>;
