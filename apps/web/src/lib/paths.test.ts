import { describe, expect, it } from 'vitest';
import { apiPaths, screenPaths } from './paths.ts';

describe('paths', () => {
  it('encodes ids, so an id never adds a path segment or a query', () => {
    expect(screenPaths.customer('a/b?c')).toBe('/admin/customers/a%2Fb%3Fc');
    expect(screenPaths.accountTransaction('a 1', 't#2')).toBe(
      '/admin/bank-accounts/a%201/transactions/t%232',
    );
    expect(apiPaths.address('c/1', 'd/2')).toBe('/api/v1/customers/c%2F1/addresses/d%2F2');
    expect(apiPaths.entityAudit('payment', 'p/1')).toBe('/api/v1/audit/payment/p%2F1');
  });

  it('builds the routes the router declares and the paths the server serves', () => {
    expect(screenPaths.payment('p1')).toBe('/admin/payments/p1');
    expect(screenPaths.accountTransactions('a1')).toBe('/admin/bank-accounts/a1/transactions');
    expect(screenPaths.printLoanStatement('l1')).toBe('/admin/print/loans/l1');
    expect(screenPaths.publicLoan('l1')).toBe('/loans/l1');
    expect(apiPaths.customerLoans('c1')).toBe('/api/v1/customers/c1/loans');
    expect(apiPaths.bankAccount('b1')).toBe('/api/v1/bank-accounts/b1');
    expect(apiPaths.publicLoans).toBe('/public/api/v1/loans');
  });
});
