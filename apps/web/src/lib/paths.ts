/**
 * Every screen route the app links to and every API path it calls, in one place: features never import
 * each other, so a link to another feature's screen is built here rather than copied. Ids are encoded.
 */
const enc = encodeURIComponent;

/** Screen routes (react-router), staff side under /admin, printables outside its shell. */
export const screenPaths = {
  login: '/auth/login',
  register: '/auth/register',
  /** The page a password reset link opens (the link itself comes from the server). */
  passwordReset: (token: string) => `/auth/reset/${enc(token)}`,
  dashboard: '/admin/dashboard',
  customers: '/admin/customers',
  /** Where a login lands (docs/product.md §2: Customers). */
  afterLogin: '/admin/customers',
  customer: (id: string) => `/admin/customers/${enc(id)}`,
  loans: '/admin/loans',
  users: '/admin/users',
  payments: '/admin/payments',
  payment: (id: string) => `/admin/payments/${enc(id)}`,
  bankAccounts: '/admin/bank-accounts',
  accountTransactions: (accountId: string) => `/admin/bank-accounts/${enc(accountId)}/transactions`,
  accountTransaction: (accountId: string, transactionId: string) =>
    `/admin/bank-accounts/${enc(accountId)}/transactions/${enc(transactionId)}`,
  collections: '/admin/collections',
  audit: '/admin/audit',
  backups: '/admin/backups',
  settings: '/admin/settings',
  products: '/admin/products',
  cashClose: '/admin/cash-close',
  writeOffs: '/admin/write-offs',
  pld: '/admin/pld',
  reconciliation: '/admin/reconciliation',
  printPaymentReceipt: (paymentId: string) => `/admin/print/payments/${enc(paymentId)}`,
  printLoanStatement: (loanId: string) => `/admin/print/loans/${enc(loanId)}`,
  printPayoffQuote: (loanId: string) => `/admin/print/loans/${enc(loanId)}/payoff-quote`,
  printCashClose: (agentId: string, date: string) =>
    `/admin/print/cash-close?${new URLSearchParams({ agentId, date })}`,
  /** The public statement of a loan (docs/product.md §2 "LoanDetails"); its id is a UUIDv7, not guessable. */
  publicLoan: (id: string) => `/loans/${enc(id)}`,
} as const;

const V1 = '/api/v1';

/** Paths of the staff API (`/api/v1`) and of the public one the agents' phones use. */
export const apiPaths = {
  login: `${V1}/auth/login`,
  register: `${V1}/auth/register`,
  refreshToken: `${V1}/auth/token/refresh`,
  logout: `${V1}/auth/logout`,
  passwordReset: (token: string) => `${V1}/auth/password-reset/${enc(token)}`,
  agents: `${V1}/agents`,
  audit: `${V1}/audit`,
  auditExport: `${V1}/audit/export.csv`,
  entityAudit: (entity: string, id: string) => `${V1}/audit/${entity}/${enc(id)}`,
  users: `${V1}/users`,
  backups: `${V1}/backups`,
  businessSettings: `${V1}/settings/business`,
  loanProducts: `${V1}/loan-products`,
  loanProduct: (id: string) => `${V1}/loan-products/${enc(id)}`,
  backup: (name: string) => `${V1}/backups/${enc(name)}`,
  user: (id: string) => `${V1}/users/${enc(id)}`,
  customers: `${V1}/customers`,
  customer: (id: string) => `${V1}/customers/${enc(id)}`,
  addresses: (customerId: string) => `${V1}/customers/${enc(customerId)}/addresses`,
  address: (customerId: string, addressId: string) =>
    `${V1}/customers/${enc(customerId)}/addresses/${enc(addressId)}`,
  customerLoans: (customerId: string) => `${V1}/customers/${enc(customerId)}/loans`,
  customerDocuments: (customerId: string) => `${V1}/customers/${enc(customerId)}/documents`,
  customerDocument: (customerId: string, documentId: string) =>
    `${V1}/customers/${enc(customerId)}/documents/${enc(documentId)}`,
  loans: `${V1}/loans`,
  loan: (id: string) => `${V1}/loans/${enc(id)}`,
  loanWriteOff: (id: string) => `${V1}/loans/${enc(id)}/write-off`,
  writeOffs: `${V1}/write-offs`,
  writeOffsExport: `${V1}/write-offs/export.csv`,
  writeOffTotals: `${V1}/write-offs/totals`,
  writeOffSettings: `${V1}/write-offs/settings`,
  amlLists: `${V1}/aml/lists`,
  statementMapping: (accountId: string) => `${V1}/reconciliation/accounts/${enc(accountId)}/mapping`,
  statementUpload: (accountId: string) => `${V1}/reconciliation/accounts/${enc(accountId)}/statements`,
  statement: (id: string) => `${V1}/reconciliation/statements/${enc(id)}`,
  statementConfirm: (id: string) => `${V1}/reconciliation/statements/${enc(id)}/confirm`,
  amlMatches: `${V1}/aml/matches`,
  amlResolve: (id: string) => `${V1}/aml/matches/${enc(id)}/resolve`,
  amlSettings: `${V1}/aml/settings`,
  amlRelevant: `${V1}/aml/relevant-operations`,
  amlRelevantExport: `${V1}/aml/relevant-operations/export.csv`,
  amlCases: `${V1}/aml/cases`,
  amlCaseClose: (id: string) => `${V1}/aml/cases/${enc(id)}/close`,
  loanPayments: (id: string) => `${V1}/loans/${enc(id)}/payments`,
  loanPaymentRequests: (id: string) => `${V1}/loans/${enc(id)}/payment-requests`,
  authorisePaymentRequest: (id: string) => `${V1}/payment-requests/${enc(id)}/authorise`,
  loanPendingPayments: (id: string) => `${V1}/loans/${enc(id)}/pending-payments`,
  loanVisits: (id: string) => `${V1}/loans/${enc(id)}/visits`,
  customerVisits: (customerId: string) => `${V1}/customers/${enc(customerId)}/visits`,
  collections: `${V1}/collections`,
  collectionsSummary: `${V1}/collections/summary`,
  payments: `${V1}/payments`,
  payment: (id: string) => `${V1}/payments/${enc(id)}`,
  bankAccounts: `${V1}/bank-accounts`,
  bankAccount: (id: string) => `${V1}/bank-accounts/${enc(id)}`,
  reports: `${V1}/reports`,
  cashClose: `${V1}/cash-close`,
  cashCloseConfirm: `${V1}/cash-close/confirm`,
  cashCloseClose: `${V1}/cash-close/close`,
  cashCloseHistory: `${V1}/cash-close/history`,
  cashCloseHistoryExport: `${V1}/cash-close/history/export.csv`,
  publicLoans: '/public/api/v1/loans',
} as const;
