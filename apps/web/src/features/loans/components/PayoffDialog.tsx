import { Alert, Button, Group, Modal, NumberInput, Radio, Stack, Table, Text } from '@mantine/core';
import {
  type Loan,
  type PaymentMethod,
  type PayoffQuote,
  paymentRequest,
  pesosToCents,
} from '@prestaya/contracts';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { openPrintTab } from '../../../lib/print.ts';
import { useCreateLoan } from '../api/create-loan.ts';
import { usePayoffQuote } from '../api/payoff.ts';
import { submitPayment, useRegisterPayment } from '../api/register-payment.ts';
import { customerName } from '../labels.ts';
import { PAYOFF_TITLE } from './PayoffQuotePrint.tsx';

export const PAYOFF_REGISTERED = 'Liquidación registrada; queda en validación';
export const RENEW_TITLE = 'Renovar préstamo';
export const RENEWAL_REQUESTED = 'Renovación solicitada; se entrega al aprobarla y entregarla';

function QuoteSummary({
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

/**
 * 'Liquidar': the day's payoff quote (printable) and the payoff payment of exactly its total, which
 * stays in validation like any payment until an administrator confirms it.
 */
export function PayoffDialog({ loan, onClose }: { loan: Loan | null; onClose: () => void }) {
  const register = useRegisterPayment();
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const submit = async (total: number) => {
    if (!loan) return;
    const sent = await submitPayment(
      register,
      { loanId: loan.id, request: paymentRequest.parse({ payoff: total, paymentMethod: method }) },
      'No se pudo registrar la liquidación',
    );
    if (!sent) return;
    notify.success(PAYOFF_REGISTERED);
    onClose();
  };
  return (
    <Modal opened={loan !== null} onClose={onClose} title={PAYOFF_TITLE} fullScreen={false} size="md">
      {loan && (
        <Stack gap="md">
          <Text size="sm">
            Préstamo No. {loan.num} de {customerName(loan.customer)}
          </Text>
          <QuoteSummary loanId={loan.id}>
            {(total) => (
              <>
                <Radio.Group
                  label="Método de pago"
                  value={method}
                  onChange={(v) => setMethod(v as PaymentMethod)}
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="CASH" label="Efectivo" />
                    <Radio value="TRANSFER" label="Transferencia" />
                  </Group>
                </Radio.Group>
                <Group justify="space-between" wrap="wrap">
                  <Button
                    variant="default"
                    leftSection={<IconPrinter size={16} aria-hidden />}
                    onClick={() => openPrintTab(screenPaths.printPayoffQuote(loan.id))}
                  >
                    Imprimir cotización
                  </Button>
                  <Button onClick={() => void submit(total)} loading={register.isPending}>
                    Registrar liquidación por {formatMoney(total)}
                  </Button>
                </Group>
              </>
            )}
          </QuoteSummary>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * 'Renovar': a new loan for the customer whose open loan reached its renewal threshold. The old loan's
 * payoff comes out of the new amount at delivery; the cash handed over is the difference. The server
 * checks the threshold and the amount again and says why not.
 */
export function RenewDialog({ loan, onClose }: { loan: Loan | null; onClose: () => void }) {
  const create = useCreateLoan();
  const [amount, setAmount] = useState<string | number>('');
  const submit = async () => {
    if (!loan || typeof amount !== 'number') return;
    try {
      await create.mutateAsync({
        customerId: loan.customer.id,
        body: { amount, renewsLoanId: loan.id, loanFromPast: false },
      });
    } catch (failure) {
      notify.apiError(failure, 'No se pudo solicitar la renovación');
      return;
    }
    notify.success(RENEWAL_REQUESTED);
    setAmount('');
    onClose();
  };
  return (
    <Modal opened={loan !== null} onClose={onClose} title={RENEW_TITLE} size="md">
      {loan && (
        <Stack gap="md">
          <Text size="sm">
            Renueva el préstamo No. {loan.num} de {customerName(loan.customer)}: al entregar el nuevo, se
            liquida este con el monto nuevo y se entrega en efectivo solo la diferencia.
          </Text>
          <QuoteSummary loanId={loan.id}>
            {(payoff, quote) => {
              if (!quote.renewal.eligible) {
                return (
                  <Alert color="yellow" title="Aún no se puede renovar">
                    Lleva {quote.renewal.paidInstallments} pagos de los {quote.renewal.threshold} necesarios
                    para renovarse.
                  </Alert>
                );
              }
              const cash =
                typeof amount === 'number' ? (pesosToCents(amount) - pesosToCents(payoff)) / 100 : null;
              return (
                <>
                  <NumberInput
                    label="Monto del préstamo nuevo"
                    value={amount}
                    onChange={setAmount}
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    thousandSeparator=","
                    prefix="$"
                    hideControls
                    inputMode="decimal"
                    data-autofocus
                    error={cash !== null && cash < 0 ? 'El monto no cubre la liquidación' : null}
                  />
                  <Text size="sm" data-testid="renewal-cash">
                    Liquidación del préstamo {loan.num}: <MoneyText value={payoff} /> · Efectivo a entregar:{' '}
                    {cash !== null && cash >= 0 ? <MoneyText value={cash} /> : '—'}
                  </Text>
                  <Group justify="flex-end">
                    <Button
                      onClick={() => void submit()}
                      loading={create.isPending}
                      disabled={cash === null || cash < 0}
                    >
                      Solicitar renovación
                    </Button>
                  </Group>
                </>
              );
            }}
          </QuoteSummary>
        </Stack>
      )}
    </Modal>
  );
}
