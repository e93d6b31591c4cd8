import type { PaymentToReconcile, StatementLine, StatementView } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { StatementResult } from './StatementResult.tsx';

const id = (n: number) => `0190a0c0-0000-7000-8000-${String(n).padStart(12, '0')}`;
const line = (n: number, amount: number, over: Partial<StatementLine> = {}): StatementLine => ({
  id: id(n),
  row: n + 1,
  date: '2026-11-20',
  concept: `SPEI ${n}`,
  reference: '',
  amount,
  direction: 'CREDIT',
  state: 'NEW',
  reconciledLoanNum: null,
  ...over,
});
const payment = (n: number, num: number, amount: number): PaymentToReconcile => ({
  id: id(100 + n),
  loan: { id: id(200 + n), num },
  customerName: `Cliente ${n}`,
  amount,
  date: '2026-11-20',
  paymentReference: `${num}-00`,
});

const view: StatementView = {
  id: id(999),
  bankAccount: { id: id(998), name: 'BBVA cobranza' },
  fileName: 'estado.csv',
  uploadedOn: '2026-11-20T18:00:00.000Z',
  lineCount: 5,
  newLines: 5,
  alreadyLoaded: 0,
  matchWindowDays: 3,
  matches: [
    { line: line(1, 1_000), payment: payment(1, 1001, 1_000), confidence: 'HIGH' },
    { line: line(2, 500), payment: payment(2, 1002, 500), confidence: 'HIGH' },
    { line: line(3, 300), payment: payment(3, 1003, 300), confidence: 'LOW' },
  ],
  unmatchedCredits: [line(4, 777, { concept: 'DEPOSITO EFECTIVO' })],
  debits: [line(5, 50, { concept: 'COMISION', direction: 'DEBIT' })],
  reconciled: [],
  unmatchedPayments: [payment(4, 1004, 123)],
};

describe("'Conciliación' statement", { timeout: 20_000 }, () => {
  it("selects every 'Alta' at first and confirms the selection after the dialog", async () => {
    session.start(adminLogin);
    const { requests } = mockServer(({ url }) => {
      if (url.pathname.endsWith('/confirm'))
        return json(200, {
          status: 'OK',
          data: {
            confirmed: [
              { lineId: id(1), paymentId: id(101), loanNum: 1001 },
              { lineId: id(2), paymentId: id(102), loanNum: 1002 },
            ],
            confirmedAmount: 1_500,
            skipped: [],
          },
        });
      return undefined;
    });
    renderWithProviders(<StatementResult view={view} />);
    const matched = screen.getByRole('region', { name: 'Emparejados' });
    expect(within(matched).getByRole('checkbox', { name: /préstamo #1001$/ })).toBeChecked();
    expect(within(matched).getByRole('checkbox', { name: /préstamo #1002$/ })).toBeChecked();
    expect(within(matched).getByRole('checkbox', { name: /préstamo #1003$/ })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Abonos sin pago (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cargos (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pagos en validación sin línea (1)' })).toBeInTheDocument();

    await userEvent.click(within(matched).getByRole('button', { name: 'Confirmar seleccionados (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar pagos' });
    expect(
      within(dialog).getByText('Se confirmarán 2 pagos por $1,500.00 en la cuenta BBVA cobranza.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(requests.some((r) => r.url.pathname.endsWith('/confirm'))).toBe(true));
    const sent = requests.find((r) => r.url.pathname.endsWith('/confirm'));
    expect(sent?.body).toEqual({
      pairs: [
        { lineId: id(1), paymentId: id(101) },
        { lineId: id(2), paymentId: id(102) },
      ],
    });
    expect(await screen.findByText(/Se confirmaron 2 pagos por/)).toBeInTheDocument();
  });
});
