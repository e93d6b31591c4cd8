import { Alert, Stack, Table, Text } from '@mantine/core';
import type { PayoffQuote } from '@prestaya/contracts';
import { isApiError } from '../../../lib/api.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { usePayoffQuote } from '../api/payoff.ts';

/** The server's payoff quote of the day as a table; `children` get its total for what follows it. */
export function QuoteSummary({
  loanId,
  children,
}: {
  loanId: string;
  children: (total: number, quote: PayoffQuote) => React.ReactNode;
}) {
  const quote = usePayoffQuote(loanId);
  if (quote.isPending) return <Text size="sm">Calculando la liquidación…</Text>;
  if (quote.isError) {
    return (
      <Alert color="red" title="No se puede liquidar">
        {isApiError(quote.error) ? quote.error.detail : 'No se pudo calcular la liquidación.'}
      </Alert>
    );
  }
  const q = quote.data;
  return (
    <Stack gap="sm">
      <Table verticalSpacing={4} aria-label="Cotización de liquidación">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Pagos pendientes</Table.Td>
            <Table.Td ta="right">{formatMoney(q.installments)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Multas pendientes</Table.Td>
            <Table.Td ta="right">{formatMoney(q.fines)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Descuento ({q.discountBp / 100} % del interés no vencido)</Table.Td>
            <Table.Td ta="right">− {formatMoney(q.discount)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Total a liquidar hoy</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="payoff-quote-total">
              {formatMoney(q.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Válida solo el {formatDate(q.date)}.
      </Text>
      {children(q.total, q)}
    </Stack>
  );
}
