import { agentCredentialHeader } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { multipart, rejection } from '../../support/builders.ts';
import { currentInstant } from '../../support/clock.ts';
import { lookupProofHeader } from '../../support/public-api.ts';
import type { SeededContext, World } from '../world.ts';
import { ADMIN, EVERYONE, get, OWNER, type Row, STAFF, send, statuses, worldOf } from './roles.ts';

/**
 * Rows of the permissions matrix: bank accounts, loans, payments, reports, collections, audit and the
 * public side.
 */
export function moneyRows(context: SeededContext<World>): Row[] {
  const { world, fresh } = worldOf(context);
  const ageOutPaymentRequests = () =>
    context.database.db.execute(
      sql`update payment_requests set created_on = created_on - interval '2 days' where status = 'PENDING'`,
    );
  /** A cash "Pago sin PIN" of `installment` on the active loan, with its lookup proof. */
  const paymentRequestCall = (installment: string) => {
    const body = JSON.stringify({ scheduledPaymentIds: [installment], paymentMethod: 0 });
    const { payload, headers } = multipart([
      { name: 'paymentRequest', body, contentType: 'application/json' },
    ]);
    return {
      method: 'POST' as const,
      url: `/public/api/v1/loans/${world().activeLoan.id}/payment-requests`,
      payload,
      headers: { ...headers, ...lookupProofHeader(context.app, world().activeLoan.id) },
    };
  };
  return [
    // Bank accounts: administrators only.
    { route: 'GET /api/v1/bank-accounts', expected: ADMIN(), call: get('/api/v1/bank-accounts') },
    {
      route: 'GET /api/v1/bank-accounts/export.csv',
      expected: ADMIN(),
      call: get('/api/v1/bank-accounts/export.csv'),
    },
    {
      route: 'GET /api/v1/bank-accounts/:id/transactions/export.csv',
      expected: ADMIN(),
      call: () => get(`/api/v1/bank-accounts/${world().account.id}/transactions/export.csv`)(),
    },
    {
      route: 'POST /api/v1/bank-accounts',
      expected: ADMIN(201),
      call: () =>
        send('POST', '/api/v1/bank-accounts', { name: 'Caja', bankName: 'Efectivo', customerName: 'Caja' }),
    },
    {
      route: 'GET /api/v1/bank-accounts/:id',
      expected: ADMIN(),
      call: () => get(`/api/v1/bank-accounts/${world().account.id}`)(),
    },
    {
      route: 'PATCH /api/v1/bank-accounts/:id',
      expected: ADMIN(),
      call: () =>
        send('PATCH', `/api/v1/bank-accounts/${world().account.id}`, { deposit: 1, reason: 'Matriz' }),
    },
    {
      route: 'GET /api/v1/bank-accounts/:id/transactions',
      expected: ADMIN(),
      call: () => get(`/api/v1/bank-accounts/${world().account.id}/transactions`)(),
    },
    {
      route: 'GET /api/v1/bank-accounts/:id/transactions/:transactionId',
      expected: ADMIN(),
      call: () => get(`/api/v1/bank-accounts/${world().account.id}/transactions/${world().transactionId}`)(),
    },

    // Loans: the global list, approving and delivering are admin-only; the rest follows the customer.
    { route: 'GET /api/v1/loans', expected: ADMIN(), call: get('/api/v1/loans') },
    { route: 'GET /api/v1/loans/export.csv', expected: ADMIN(), call: get('/api/v1/loans/export.csv') },
    {
      route: 'GET /api/v1/loans/:id',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().pendingLoan.id}`)(),
    },
    {
      route: 'PUT /api/v1/loans/:id',
      expected: OWNER(),
      call: () => send('PUT', `/api/v1/loans/${world().pendingLoan.id}`, { amount: 3_000 }),
    },
    {
      route: 'PUT /api/v1/loans/:id/approve',
      expected: ADMIN(),
      call: async () =>
        send('PUT', `/api/v1/loans/${(await fresh().pendingLoan()).id}/approve`, {
          bankAccountId: world().account.id,
        }),
    },
    {
      route: 'PUT /api/v1/loans/:id/activate',
      expected: ADMIN(),
      call: async () => send('PUT', `/api/v1/loans/${(await fresh().approvedLoan()).id}/activate`),
    },
    {
      route: 'GET /api/v1/loans/:id/scheduled-payments',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().activeLoan.id}/scheduled-payments`)(),
    },
    {
      route: 'GET /api/v1/loans/:id/restructure-preview',
      expected: ADMIN(),
      call: async () =>
        get(
          `/api/v1/loans/${(await fresh().deliveredLoan()).id}/restructure-preview?fines=condonar&weeks=4`,
        )(),
    },
    {
      route: 'POST /api/v1/loans/:id/restructure',
      expected: ADMIN(201),
      call: async () =>
        send('POST', `/api/v1/loans/${(await fresh().deliveredLoan()).id}/restructure`, {
          fines: 'incluir',
          weeks: 6,
          reason: 'Reestructura en la prueba de permisos',
        }),
    },
    {
      route: 'GET /api/v1/loans/:id/restructurings',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().activeLoan.id}/restructurings`)(),
    },
    {
      route: 'GET /api/v1/loans/:id/pending-payments',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().activeLoan.id}/pending-payments`)(),
    },
    {
      route: 'GET /api/v1/loans/:id/payoff-quote',
      expected: OWNER(),
      call: async () => get(`/api/v1/loans/${(await fresh().deliveredLoan()).id}/payoff-quote`)(),
    },
    {
      route: 'GET /api/v1/loans/:id/fees',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().lateLoan.id}/fees`)(),
    },
    {
      route: 'PUT /api/v1/loans/:id/fees/:feeId/cancel',
      expected: ADMIN(),
      call: async () =>
        send('PUT', `/api/v1/loans/${world().lateLoan.id}/fees/${await fresh().pendingFee()}/cancel`, {
          reason: 'Condonada en la prueba de permisos',
        }),
    },
    // Castigo: administrators write a loan off (lateLoan is 20 days overdue, short of the policy's 90:
    // 409 once the role is through); whoever sees the loan reads its write-off.
    {
      route: 'POST /api/v1/loans/:id/write-off',
      expected: statuses(401, 403, 403, 409),
      call: () => send('POST', `/api/v1/loans/${world().lateLoan.id}/write-off`, { reason: 'Incobrable' }),
    },
    {
      route: 'GET /api/v1/loans/:id/write-off',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().lateLoan.id}/write-off`)(),
    },
    { route: 'GET /api/v1/write-offs', expected: ADMIN(), call: get('/api/v1/write-offs') },
    {
      route: 'GET /api/v1/write-offs/export.csv',
      expected: ADMIN(),
      call: get('/api/v1/write-offs/export.csv'),
    },
    { route: 'GET /api/v1/write-offs/totals', expected: ADMIN(), call: get('/api/v1/write-offs/totals') },
    { route: 'GET /api/v1/write-offs/settings', expected: ADMIN(), call: get('/api/v1/write-offs/settings') },
    {
      route: 'PUT /api/v1/write-offs/settings',
      expected: ADMIN(),
      call: () => send('PUT', '/api/v1/write-offs/settings', { minDaysPastDue: 90 }),
    },
    {
      route: 'DELETE /api/v1/loans/:id/fees/:feeId',
      expected: ADMIN(),
      call: async () =>
        send('DELETE', `/api/v1/loans/${world().lateLoan.id}/fees/${await fresh().pendingFee()}`, {
          reason: 'Condonada en la prueba de permisos',
        }),
    },
    {
      route: 'GET /api/v1/loans/:id/payments',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().activeLoan.id}/payments`)(),
    },
    {
      route: 'POST /api/v1/loans/:id/payments',
      expected: OWNER(201),
      call: async () => {
        const body = JSON.stringify({
          scheduledPaymentIds: [await fresh().nextInstallment()],
          paymentMethod: 'CASH',
        });
        const { payload, headers } = multipart([
          { name: 'paymentRequest', body, contentType: 'application/json' },
        ]);
        return { method: 'POST', url: `/api/v1/loans/${world().activeLoan.id}/payments`, payload, headers };
      },
    },

    // Visits: the customer's agent or an administrator records and reads them; another agent's is 404.
    {
      route: 'GET /api/v1/loans/:id/visits',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().activeLoan.id}/visits`)(),
    },
    {
      route: 'POST /api/v1/loans/:id/visits',
      expected: OWNER(201),
      call: () =>
        send('POST', `/api/v1/loans/${world().activeLoan.id}/visits`, {
          outcome: 'NOT_HOME',
          visitedAt: currentInstant().toISOString(),
        }),
    },
    {
      route: 'GET /api/v1/customers/:id/visits',
      expected: OWNER(),
      call: () => get(`/api/v1/customers/${world().activeLoan.customer.id}/visits`)(),
    },

    // Payments: Pagos Recibidos and decisions are admin-only; the proof image needs only its signed link.
    { route: 'GET /api/v1/payments', expected: ADMIN(), call: get('/api/v1/payments') },
    { route: 'GET /api/v1/payments/export.csv', expected: ADMIN(), call: get('/api/v1/payments/export.csv') },

    // Corte de caja: an agent reads their own day (another agent's is 403); confirming is admin-only.
    {
      route: 'GET /api/v1/cash-close',
      expected: statuses(401, 200, 403, 200),
      call: () => get(`/api/v1/cash-close?agentId=${world().agent.id}`)(),
    },
    {
      route: 'POST /api/v1/cash-close/confirm',
      expected: ADMIN(),
      call: () =>
        send('POST', '/api/v1/cash-close/confirm', {
          agentId: world().agent.id,
          date: '2026-01-05',
          targetAccountId: world().account.id,
        }),
    },
    {
      route: 'POST /api/v1/cash-close/close',
      expected: ADMIN(201),
      // A day without the agent's cash: $0 expected, $0 counted.
      call: () =>
        send('POST', '/api/v1/cash-close/close', {
          agentId: world().agent.id,
          date: '2026-01-06',
          targetAccountId: world().account.id,
          counted: 0,
        }),
    },
    {
      route: 'GET /api/v1/cash-close/history',
      expected: ADMIN(),
      call: () => get(`/api/v1/cash-close/history?agentId=${world().agent.id}`)(),
    },
    {
      route: 'GET /api/v1/cash-close/history/export.csv',
      expected: ADMIN(),
      call: () => get(`/api/v1/cash-close/history/export.csv?agentId=${world().agent.id}`)(),
    },

    // Reports: any staff member; an agent's figures cover only their own portfolio.
    {
      route: 'GET /api/v1/reports/weekly-payments',
      expected: STAFF(),
      call: get('/api/v1/reports/weekly-payments?from=2026-01-01&to=2026-01-07'),
    },
    { route: 'GET /api/v1/reports/portfolio', expected: STAFF(), call: get('/api/v1/reports/portfolio') },
    // 'Cobranza': any staff member; an agent gets only their own customers' loans.
    { route: 'GET /api/v1/collections', expected: STAFF(), call: get('/api/v1/collections') },
    // 'Semana' of Cobranza: an agent their own week, an administrator every agent's.
    {
      route: 'GET /api/v1/collections/summary',
      expected: STAFF(),
      call: get('/api/v1/collections/summary'),
    },

    // Audit trail: the list and its export are admin-only; a record's history follows the record.
    { route: 'GET /api/v1/audit', expected: ADMIN(), call: get('/api/v1/audit') },
    { route: 'GET /api/v1/audit/export.csv', expected: ADMIN(), call: get('/api/v1/audit/export.csv') },
    {
      route: 'GET /api/v1/audit/:entity/:entityId',
      expected: OWNER(),
      call: () => get(`/api/v1/audit/loan/${world().activeLoan.id}`)(),
    },
    {
      // Read-only for the agent whose customer's loan it pays; another agent's payment does not exist.
      route: 'GET /api/v1/payments/:id/details',
      expected: OWNER(),
      call: () => get(`/api/v1/payments/${world().payment.id}/details`)(),
    },
    {
      route: 'PATCH /api/v1/payments/:id',
      expected: ADMIN(),
      call: async () =>
        send('PATCH', `/api/v1/payments/${(await fresh().validatingPayment()).id}`, rejection()),
    },
    {
      // The signed link is the credential (an <img> sends no Bearer): the same 200 for everyone holding it.
      route: 'GET /api/v1/payments/attachments/:attachmentId',
      expected: EVERYONE(),
      call: () => get(world().attachmentUri)(),
    },

    // Public side: no staff session; the lookup needs number + phone, a payment an agent's PIN.
    {
      route: 'GET /public/api/v1/loans/search',
      expected: EVERYONE(),
      call: () =>
        get(
          `/public/api/v1/loans/search?num=${world().activeLoan.num}&phone=${world().activeCustomer.phone}`,
        )(),
    },
    {
      route: 'GET /public/api/v1/loans/:id',
      expected: EVERYONE(),
      call: () => get(`/public/api/v1/loans/${world().activeLoan.id}`)(),
    },
    {
      // Each role offers its own PIN (anonymous: none). The customer's agent or an administrator may
      // authorise; another agent's right PIN is 403 (docs/architecture.md "People and access"); a Bearer token
      // is not a credential here.
      route: 'POST /public/api/v1/loans/:id/payments',
      expected: statuses(401, 201, 403, 201),
      noBearer: true,
      call: async (role) => {
        const body = JSON.stringify({
          scheduledPaymentIds: [await fresh().nextInstallment()],
          paymentMethod: 0,
        });
        const { payload, headers } = multipart([
          { name: 'paymentRequest', body, contentType: 'application/json' },
        ]);
        const user = role === 'anonymous' ? undefined : world()[role];
        return {
          method: 'POST',
          url: `/public/api/v1/loans/${world().activeLoan.id}/payments`,
          payload,
          headers: {
            ...headers,
            ...lookupProofHeader(context.app, world().activeLoan.id),
            ...(user ? { authorization: agentCredentialHeader(user.num, user.pin) } : {}),
          },
        };
      },
    },
    {
      // "Pago sin PIN": anyone holding the loan's lookup proof; earlier requests are aged out first so
      // the cap of 3 waiting per loan does not decide the status.
      route: 'POST /public/api/v1/loans/:id/payment-requests',
      expected: EVERYONE(201),
      noBearer: true,
      call: async () => {
        await ageOutPaymentRequests();
        return paymentRequestCall(await fresh().nextInstallment());
      },
    },
    {
      route: 'GET /api/v1/loans/:id/payment-requests',
      expected: OWNER(),
      call: () => get(`/api/v1/loans/${world().activeLoan.id}/payment-requests`)(),
    },
    {
      // The customer's agent or an administrator authorises from the session; another agent: 404.
      route: 'POST /api/v1/payment-requests/:id/authorise',
      expected: OWNER(),
      call: async () => {
        await ageOutPaymentRequests();
        const created = await context.app.inject(paymentRequestCall(await fresh().nextInstallment()));
        if (created.statusCode !== 201) throw new Error(created.body);
        return send('POST', `/api/v1/payment-requests/${created.json().data.id}/authorise`);
      },
    },
  ];
}
