import type {
  PaymentListItem,
  ReconcileResult,
  StatementMappingInput,
  StatementView,
} from '@prestaya/contracts';
import { expect } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { request, type TestContext, type TestUser } from '../support/app.ts';
import { jsonPart, multipart } from '../support/builders.ts';

/** Calls of the reconciliation API and the set-up its tests share. */
export function reconciliationApi(context: TestContext) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    request(context.app, {
      method,
      url: `/api/v1/reconciliation${url}`,
      token,
      ...(payload ? { payload } : {}),
    });
  const upload = (token: string, accountId: string, body: string | Buffer, filename = 'estado.csv') => {
    const { payload, headers } = multipart([{ name: 'file', body, filename, contentType: 'text/csv' }]);
    return request(context.app, {
      method: 'POST',
      url: `/api/v1/reconciliation/accounts/${accountId}/statements`,
      token,
      payload,
      headers,
    });
  };
  return {
    call,
    upload,
    getMapping: (token: string, accountId: string) => call(token, 'GET', `/accounts/${accountId}/mapping`),
    putMapping: (token: string, accountId: string, mapping: object) =>
      call(token, 'PUT', `/accounts/${accountId}/mapping`, mapping),
    async mapOk(token: string, accountId: string, mapping: Partial<StatementMappingInput> = {}) {
      const response = await call(token, 'PUT', `/accounts/${accountId}/mapping`, {
        ...CSV_MAPPING,
        ...mapping,
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    async uploadOk(
      token: string,
      accountId: string,
      body: string | Buffer,
      filename?: string,
    ): Promise<StatementView> {
      const response = await upload(token, accountId, body, filename);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    },
    async confirmOk(token: string, statementId: string, pairs: { lineId: string; paymentId: string }[]) {
      const response = await call(token, 'POST', `/statements/${statementId}/confirm`, { pairs });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as ReconcileResult;
    },
  };
}

/** Fecha, Concepto, Referencia, Importe (signed), one header row: how the tests' CSVs are written. */
export const CSV_MAPPING = {
  headerRows: 1,
  dateColumn: 'A',
  conceptColumn: 'B',
  referenceColumn: 'C',
  amountColumn: 'D',
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: '.',
  matchWindowDays: 3,
} as const;

/** 2026-11-20 → 20/11/2026. */
export const dmy = (iso: string) => iso.split('-').reverse().join('/');

export function statementCsv(
  rows: [date: string, concept: string, reference: string, amount: string][],
): string {
  return [
    'Fecha,Concepto,Referencia,Importe',
    ...rows.map(([d, c, r, a]) => [dmy(d), c, r, a].join(',')),
  ].join('\n');
}

/** A TRANSFER payment of the loan's first unpaid installment, left VALIDATING. */
export async function transferOldest(
  context: TestContext,
  by: TestUser,
  loanId: string,
): Promise<PaymentListItem> {
  const api = paymentsApi(context);
  const pending = await api.pendingOk(by.token, loanId);
  return api.registerOk(by.token, loanId, [
    jsonPart({
      scheduledPaymentIds: pending.scheduledPayments.slice(0, 1).map((p) => p.id),
      feeIds: pending.fees.map((f) => f.id),
      paymentMethod: 'TRANSFER',
    }),
  ]);
}
