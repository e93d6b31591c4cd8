/**
 * Every request a back-office screen sends when it opens, as apps/web builds it (features' api/ files,
 * CatalogTable's defaults: page 1, the screen's page size, order=asc, no search, 'Todos' in the filter,
 * no dates), in the same parameter order. A URL two screens share (the PIN locks on Dashboard and
 * Usuarios, the agents on Cobranza and Corte de caja) is timed once, under both names.
 */
import { businessDate, quarterOf, weekOf } from '@prestaya/domain';

export type Role = 'admin' | 'agent';

export interface ScreenContext {
  /** Dashboard's default range: the current week, Sunday to Saturday, on the business clock. */
  week: { from: string; to: string };
  /** The account with the most movements: its 'Transacciones' is the longest ledger to page through. */
  busiestAccountId: string;
  /** Agent 1, whose route an administrator picks in Cobranza (and who signs in as the agent). */
  agentId: string;
  /** Agent 1's customer with the most loans: the customer screen's longest history. */
  customerId: string;
}

export interface ScreenRequest {
  screen: string;
  /** Which of the screen's requests, when it sends more than one. */
  call: string;
  /** Who can open the screen (an agent gets 403 on the administrators' ones). */
  roles: Role[];
  path: (c: ScreenContext) => string;
  /**
   * A view the user asks for on the screen, not what it sends when it opens: timed and shown, but its
   * flags are not among the first-request misses.
   */
  chosen?: true;
}

const BOTH: Role[] = ['admin', 'agent'];
const ADMIN: Role[] = ['admin'];
const V1 = '/api/v1';

export const SCREEN_REQUESTS: ScreenRequest[] = [
  // Dashboard (features/dashboard/components/Dashboard.tsx) and, for administrators, the route's
  // PinLockNotices; Usuarios (features/users/components/UserList.tsx) shows the same notices.
  {
    screen: 'Dashboard, Usuarios',
    call: 'PIN bloqueados',
    roles: ADMIN,
    path: () => `${V1}/users/pin-locks`,
  },
  { screen: 'Dashboard', call: 'cartera', roles: BOTH, path: () => `${V1}/reports/portfolio` },
  {
    screen: 'Dashboard',
    call: 'cobranza de la semana',
    roles: BOTH,
    path: (c) => `${V1}/reports/weekly-payments?from=${c.week.from}&to=${c.week.to}`,
  },
  // Clientes (features/customers/components/CustomerList.tsx): page size 10; an agent gets their own.
  {
    screen: 'Clientes',
    call: 'página 1',
    roles: BOTH,
    path: () => `${V1}/customers?page=1&size=10&order=asc`,
  },
  // Cobranza (features/collections): an administrator first gets the agent picker's first page (20 by
  // name, components/StaffSelect.tsx; typing asks the server for more) and nothing else; the screen
  // loads once one is chosen (here agent 1), 'Hoy' (20 cards), then prefetches the other two tabs. An
  // agent's own route loads at once. 'Todos los agentes' is a view chosen on purpose.
  { screen: 'Cobranza, Corte de caja', call: 'agentes', roles: ADMIN, path: () => `${V1}/agents?size=20` },
  ...(['Hoy', 'Esta semana (prefetch)', 'Atrasados (prefetch)'] as const).flatMap((call, i) => {
    const tab = (['today', 'week', 'overdue'] as const)[i];
    const list = (agent: string) => `${V1}/collections?tab=${tab}${agent}&page=1&size=20`;
    return [
      { screen: 'Cobranza', call, roles: ['agent'], path: () => list('') },
      {
        screen: 'Cobranza',
        call: `${call}, agente elegido`,
        roles: ADMIN,
        path: (c) => list(`&agentId=${c.agentId}`),
      },
      {
        screen: 'Cobranza',
        call: `${call}, todos los agentes`,
        roles: ADMIN,
        path: () => list(''),
        chosen: true,
      },
    ] satisfies ScreenRequest[];
  }),
  // Cobranza's 'Semana' strip (features/collections/components/WeekSummary.tsx), sent as the screen
  // opens whatever the agent picker holds: an agent's own week, an administrator's every active agent
  // side by side, this week (no `week` until the user steps to another).
  { screen: 'Cobranza', call: 'semana', roles: BOTH, path: () => `${V1}/collections/summary` },
  // Corte de caja (features/cash-close): an agent's own day; an administrator only gets the agents
  // (above) until one is chosen.
  { screen: 'Corte de caja', call: 'día de hoy', roles: ['agent'], path: () => `${V1}/cash-close` },
  // Historial de cortes (features/cash-close/components/CashCountHistory.tsx, administrators): the
  // agent's closes, page 1 of 10, and the running total read from a page of one.
  {
    screen: 'Historial de cortes',
    call: 'página 1',
    roles: ADMIN,
    path: (c) => `${V1}/cash-close/history?agentId=${c.agentId}&page=1&size=10`,
  },
  {
    screen: 'Historial de cortes',
    call: 'acumulado',
    roles: ADMIN,
    path: (c) => `${V1}/cash-close/history?agentId=${c.agentId}&page=1&size=1`,
  },
  // A customer (features/customers/components/CustomerDetails.tsx): the record, its loans (page 1 of
  // CatalogTable's 10), its documents and its visits.
  { screen: 'Cliente', call: 'ficha', roles: BOTH, path: (c) => `${V1}/customers/${c.customerId}` },
  {
    screen: 'Cliente',
    call: 'préstamos',
    roles: BOTH,
    path: (c) => `${V1}/customers/${c.customerId}/loans?page=1&size=10&order=asc`,
  },
  {
    screen: 'Cliente',
    call: 'documentos',
    roles: BOTH,
    path: (c) => `${V1}/customers/${c.customerId}/documents`,
  },
  { screen: 'Cliente', call: 'visitas', roles: BOTH, path: (c) => `${V1}/customers/${c.customerId}/visits` },
  // Documentos' badge (features/customers): the expediente decided from the customer's documents.
  {
    screen: 'Cliente',
    call: 'expediente',
    roles: BOTH,
    path: (c) => `${V1}/customers/${c.customerId}/expediente`,
  },
  // Préstamos (features/loans/components/GlobalLoanList.tsx): the approval accounts, then page 1
  // with 'Todos' in the status filter; and the same page filtered by a status.
  {
    screen: 'Préstamos',
    call: 'cuentas para aprobar',
    roles: ADMIN,
    path: () => `${V1}/bank-accounts?page=1&size=20`,
  },
  { screen: 'Préstamos', call: 'Todos', roles: ADMIN, path: () => `${V1}/loans?page=1&size=10&order=asc` },
  {
    screen: 'Préstamos',
    call: 'estatus ACTIVE',
    roles: ADMIN,
    path: () => `${V1}/loans?page=1&size=10&q=ACTIVE&order=asc`,
  },
  // Usuarios: page 1, 'Todos'.
  { screen: 'Usuarios', call: 'página 1', roles: ADMIN, path: () => `${V1}/users?page=1&size=10&order=asc` },
  // Pagos Recibidos (features/payments/components/PaymentList.tsx): 'Todos', then 'En validación'.
  {
    screen: 'Pagos Recibidos',
    call: 'Todos',
    roles: ADMIN,
    path: () => `${V1}/payments?page=1&size=10&order=asc`,
  },
  {
    screen: 'Pagos Recibidos',
    call: 'estatus VALIDATING',
    roles: ADMIN,
    path: () => `${V1}/payments?page=1&size=10&q=VALIDATING&order=asc`,
  },
  // Cuentas (features/bank-accounts/components/BankAccountList.tsx): page size 20.
  {
    screen: 'Cuentas',
    call: 'página 1',
    roles: ADMIN,
    path: () => `${V1}/bank-accounts?page=1&size=20&order=asc`,
  },
  // Transacciones de la cuenta (AccountTransactions.tsx): the account's header, then its ledger.
  {
    screen: 'Transacciones',
    call: 'cuenta',
    roles: ADMIN,
    path: (c) => `${V1}/bank-accounts/${c.busiestAccountId}`,
  },
  {
    screen: 'Transacciones',
    call: 'página 1',
    roles: ADMIN,
    path: (c) => `${V1}/bank-accounts/${c.busiestAccountId}/transactions?page=1&size=10&order=asc`,
  },
  // Auditoría (features/audit): the 'Usuario' filter's first page of choices (20 by name; typing asks
  // the server for more), then page 1 of 20 without filters.
  {
    screen: 'Auditoría',
    call: 'usuarios del filtro',
    roles: ADMIN,
    path: () => `${V1}/users?page=1&size=20&orderBy=name&order=asc`,
  },
  { screen: 'Auditoría', call: 'página 1', roles: ADMIN, path: () => `${V1}/audit?page=1&size=20` },
  // Respaldos (features/backups): the newest 50 files of the server's DATA_DIR/backups.
  { screen: 'Respaldos', call: 'lista', roles: ADMIN, path: () => `${V1}/backups?page=1&size=50` },
  // Productos (features/loan-products/components/LoanProductList.tsx): every product in one request
  // (lib/loan-products.ts), paged in the browser.
  { screen: 'Productos', call: 'lista', roles: ADMIN, path: () => `${V1}/loan-products` },
  // Cartera castigada (features/write-offs/components/WriteOffList.tsx): the totals, the policy's
  // days (WriteOffPolicy.tsx), then page 1 of CatalogTable's 10 without search or dates.
  { screen: 'Cartera castigada', call: 'totales', roles: ADMIN, path: () => `${V1}/write-offs/totals` },
  { screen: 'Cartera castigada', call: 'política', roles: ADMIN, path: () => `${V1}/write-offs/settings` },
  {
    screen: 'Cartera castigada',
    call: 'página 1',
    roles: ADMIN,
    path: () => `${V1}/write-offs?page=1&size=10&order=asc`,
  },
  // Configuración (features/settings): the business's one row of settings.
  { screen: 'Configuración', call: 'negocio', roles: ADMIN, path: () => `${V1}/settings/business` },
  // Its cards: the expediente policy, the signed-contract policy and the contract texts.
  { screen: 'Configuración', call: 'expediente', roles: ADMIN, path: () => `${V1}/identity-settings` },
  { screen: 'Configuración', call: 'contratos', roles: ADMIN, path: () => `${V1}/settings/contracts` },
  { screen: 'Configuración', call: 'textos', roles: ADMIN, path: () => `${V1}/contract-templates` },
  // PLD (features/aml): page 1 of the open matches (10 cards, PagedCards' default) first; the other
  // tabs as they are opened, 'Casos' also page 1 of 10.
  {
    screen: 'PLD',
    call: 'coincidencias',
    roles: ADMIN,
    path: () => `${V1}/aml/matches?status=OPEN&page=1&size=10`,
  },
  { screen: 'PLD', call: 'listas', roles: ADMIN, path: () => `${V1}/aml/lists`, chosen: true },
  {
    screen: 'PLD',
    call: 'operaciones relevantes del trimestre',
    roles: ADMIN,
    path: (c) => {
      const { year, quarter } = quarterOf(c.week.to);
      return `${V1}/aml/relevant-operations?year=${year}&quarter=${quarter}`;
    },
    chosen: true,
  },
  {
    screen: 'PLD',
    call: 'casos',
    roles: ADMIN,
    path: () => `${V1}/aml/cases?page=1&size=10`,
    chosen: true,
  },
  // Importar (features/imports): the history of imports.
  { screen: 'Importar', call: 'historial', roles: ADMIN, path: () => `${V1}/imports` },
  // Conciliación (features/reconciliation): the chosen account's statement columns.
  {
    screen: 'Conciliación',
    call: 'columnas de la cuenta',
    roles: ADMIN,
    path: (c) => `${V1}/reconciliation/accounts/${c.busiestAccountId}/mapping`,
  },
];

/** Sunday to Saturday of the business day's week (web: lib/format.ts weekRange, firstDayOfWeek 0). */
export function currentWeek(timeZone: string, now = new Date()) {
  return weekOf(businessDate(now, timeZone), 'sunday');
}

export interface ScreenCase {
  /** 'admin · Clientes · página 1': what the tables print and --only matches. */
  label: string;
  role: Role;
  request: ScreenRequest;
}

/** The label of a case chosen on its screen (ScreenRequest.chosen) carries this mark. */
export const CHOSEN_MARK = ' (elegido)';

/** The cases whose label contains `only` (all without it), less those that contain `skip`. */
export function screenCases(only: string | undefined, skip?: string): ScreenCase[] {
  const wanted = only?.toLowerCase();
  const unwanted = skip?.toLowerCase();
  return SCREEN_REQUESTS.flatMap((request) =>
    request.roles.map((role) => ({
      label: `${role} · ${request.screen} · ${request.call}${request.chosen ? CHOSEN_MARK : ''}`,
      role,
      request,
    })),
  ).filter(
    (c) =>
      (!wanted || c.label.toLowerCase().includes(wanted)) &&
      !(unwanted && c.label.toLowerCase().includes(unwanted)),
  );
}
