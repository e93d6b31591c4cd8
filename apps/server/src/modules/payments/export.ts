import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentListQuery,
  RECOVERY_LABEL,
} from '@prestaya/contracts';
import { dateTimeCell, integerCell, labelCell, moneyCell, nameCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb } from '../../db/client.ts';
import { paymentListSource } from './list.ts';
import type { PaymentJoinedRow } from './mapping.ts';

/**
 * The columns of 'Pagos Recibidos' (Préstamo, Cliente, Monto, Método, Cuenta, Estatus) and the date
 * the payment was registered, which the screen orders by but has no column for: without it the file
 * could not be reconciled with the accounts; then 'Concepto': 'Recuperación' for a recovery,
 * 'Liquidación anticipada' / 'Liquidación por renovación' for a payoff.
 */
function paymentCsvColumns(timeZone: string): CsvColumn<PaymentJoinedRow>[] {
  return [
    { header: 'Préstamo', cell: ({ loan }) => integerCell(loan.num) },
    { header: 'Cliente', cell: ({ customer }) => nameCell(customer.name, customer.lastName) },
    { header: 'Monto', cell: ({ payment }) => moneyCell(payment.amountCents) },
    { header: 'Método', cell: ({ payment }) => labelCell(PAYMENT_METHOD_LABELS, payment.paymentMethod) },
    { header: 'Cuenta', cell: ({ bankAccount }) => textCell(bankAccount?.name) },
    { header: 'Estatus', cell: ({ payment }) => labelCell(PAYMENT_STATUS_LABELS, payment.status) },
    { header: 'Fecha', cell: ({ payment }) => dateTimeCell(payment.createdOn, timeZone) },
    // A payment on a written-off loan (docs/product.md "Castigo"); an early payoff, its own or a
    // renewal's (docs/product.md "Liquidar and Renovar").
    {
      header: 'Concepto',
      cell: ({ payment }) =>
        payment.recovery
          ? RECOVERY_LABEL
          : payment.kind === 'PAYOFF'
            ? payment.channel === 'RENEWAL'
              ? 'Liquidación por renovación'
              : 'Liquidación anticipada'
            : '',
    },
  ];
}

/** 'Pagos Recibidos' as CSV: the same payments, search, filter, dates and order as GET /payments. */
export function paymentsCsv(
  db: AppDb,
  query: PaymentListQuery,
  timeZone: string,
): CsvExport<PaymentJoinedRow> {
  return {
    name: 'pagos',
    columns: paymentCsvColumns(timeZone),
    source: paymentListSource(db, query, timeZone),
    timeZone,
  };
}
