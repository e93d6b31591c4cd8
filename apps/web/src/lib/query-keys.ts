/**
 * The root key of every cached resource. A feature keys its queries under its own root, and a change
 * that makes other screens stale invalidates their roots from here: invalidation by prefix reaches
 * every screen, and no feature imports another (scripts/check-boundaries.mjs).
 */
export const queryRoots = {
  agents: ['agents'],
  audit: ['audit'],
  /** The audit filter's staff picker: staff changes rarely, so audit changes do not reload it. */
  auditUsers: ['audit-users'],
  backups: ['backups'],
  bankAccounts: ['bank-accounts'],
  /** The business's own data ('Configuración'), shown on receipts, statements and messages. */
  businessSettings: ['business-settings'],
  cashClose: ['cash-close'],
  collections: ['collections'],
  /** Contract templates and the contract policy ('Configuración'). */
  contracts: ['contracts'],
  customers: ['customers'],
  loans: ['loans'],
  /** Loan products: 'Productos' keeps them, the loan form offers the active ones. */
  loanProducts: ['loan-products'],
  payments: ['payments'],
  reports: ['reports'],
  users: ['users'],
  /** 'Cartera castigada' (written-off loans) and its policy. */
  writeOffs: ['write-offs'],
  /** 'PLD': blocked-persons lists, matches, relevant operations and cases. */
  aml: ['aml'],
  /** 'Importar': imports of an existing book. */
  imports: ['imports'],
  /** 'Conciliación': statement columns per account and uploaded statements. */
  reconciliation: ['reconciliation'],
} as const;

/** A page of a picker list: the first `size` rows, no search. */
export interface PickerPage {
  page: number;
  size: number;
}

/**
 * Lists that several screens fetch. One key per URL and parameters, so every screen shares one copy and
 * invalidating the resource's root reloads it everywhere.
 */
export const sharedKeys = {
  /** GET /api/v1/agents?size=20&query=term. */
  agentsPage: (term: string) => [...queryRoots.agents, 'page', term] as const,
  /** GET /api/v1/bank-accounts?page&size, resolved to its rows. */
  bankAccountsPage: ({ page, size }: PickerPage) =>
    [...queryRoots.bankAccounts, 'picker', page, size] as const,
};
