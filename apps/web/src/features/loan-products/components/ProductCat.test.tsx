import type { LoanProduct } from '@prestaya/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { LoanProductList } from './LoanProductList.tsx';

const SPEC: LoanProduct = {
  id: '0190a0c0-0000-7000-8000-00000000a001',
  name: 'Semanal 12',
  termWeeks: 12,
  interestPercent: 20,
  dailyFee: 50,
  lateFeeCapPercent: 10,
  minAmount: 100,
  maxAmount: 50_000,
  renewalThreshold: 8,
  payoffDiscountPercent: 0,
  active: true,
  createdOn: '2026-03-01T16:00:00.000Z',
  updatedOn: '2026-03-01T16:00:00.000Z',
};

describe('Productos: CAT', { timeout: 20_000 }, () => {
  it("shows each product's CAT: 347.3 % for the specification's, more for a shorter, dearer one", async () => {
    session.start(adminLogin);
    const short = {
      ...SPEC,
      id: '0190a0c0-0000-7000-8000-00000000a002',
      name: 'Corto 8',
      termWeeks: 8,
      interestPercent: 16,
    };
    mockServer(({ url }) =>
      url.pathname === '/api/v1/loan-products' ? json(200, { status: 'OK', data: [SPEC, short] }) : undefined,
    );
    renderWithProviders(<LoanProductList />);
    const cats = await screen.findAllByTestId('product-cat');
    expect(cats[0]).toHaveTextContent('CAT sin IVA, para fines informativos: 347.3 %');
    expect(Number(cats[1]?.textContent?.match(/([\d,.]+) %/)?.[1]?.replace(',', ''))).toBeGreaterThan(347.3);
  });
});
