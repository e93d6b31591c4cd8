import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type Loan, type LoanProduct, pesosToCents } from '@prestaya/contracts';
import { useState } from 'react';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { activeProducts, useLoanProducts } from '../../../lib/loan-products.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateLoan } from '../api/create-loan.ts';
import { estimateLoan } from '../estimate.ts';
import { customerName } from '../labels.ts';
import { QuoteSummary } from './PayoffQuoteSummary.tsx';

export const RENEW_TITLE = 'Renovar préstamo';
export const RENEWAL_REQUESTED = 'Renovación solicitada; se entrega al aprobarla y entregarla';
export const RENEWAL_PRODUCT_LABEL = 'Producto del préstamo nuevo';

/**
 * The product the new loan is requested under: with several active products, the one chosen (at
 * first the renewed loan's own, while it is still offered); with one, that one, and none is sent.
 */
function useRenewalProduct(loan: Loan) {
  const offered = activeProducts(useLoanProducts().data);
  const choosing = offered.length > 1;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const id = chosenId ?? (offered.some((p) => p.id === loan.product?.id) ? (loan.product?.id ?? null) : null);
  const product: LoanProduct | undefined = choosing ? offered.find((p) => p.id === id) : offered[0];
  return { offered, choosing, product, choose: setChosenId };
}

/** The amount's problem, if any: short of the payoff, or outside the chosen product's amounts. */
function amountProblem(amount: number | null, cash: number | null, product: LoanProduct | undefined) {
  if (amount === null) return null;
  if (cash !== null && cash < 0) return 'El monto no cubre la liquidación';
  if (product && (amount < product.minAmount || amount > product.maxAmount)) {
    return `El producto ${product.name} presta de ${formatMoney(product.minAmount)} a ${formatMoney(product.maxAmount)}`;
  }
  return null;
}

function RenewalForm({ loan, payoff, onDone }: { loan: Loan; payoff: number; onDone: () => void }) {
  const create = useCreateLoan();
  const { offered, choosing, product, choose } = useRenewalProduct(loan);
  const [amount, setAmount] = useState<string | number>('');
  const value = typeof amount === 'number' ? amount : null;
  const cash = value === null ? null : (pesosToCents(value) - pesosToCents(payoff)) / 100;
  const problem = amountProblem(value, cash, product);
  const ready = value !== null && problem === null && (!choosing || product !== undefined);
  // The new loan's figures as the server will compute them under the chosen product.
  const preview =
    value !== null && product
      ? estimateLoan(value, product.interestPercent / 100, product.termWeeks, product.lateFeeCapPercent / 100)
      : null;

  const submit = async () => {
    if (!ready || value === null) return;
    try {
      await create.mutateAsync({
        customerId: loan.customer.id,
        body: {
          amount: value,
          renewsLoanId: loan.id,
          loanFromPast: false,
          ...(choosing && product ? { productId: product.id } : {}),
        },
      });
    } catch (failure) {
      notify.apiError(failure, 'No se pudo solicitar la renovación');
      return;
    }
    notify.success(RENEWAL_REQUESTED);
    onDone();
  };

  return (
    <>
      {choosing && (
        <Select
          label={RENEWAL_PRODUCT_LABEL}
          placeholder="Elija el producto"
          data={offered.map((p) => ({ value: p.id, label: p.name }))}
          value={product?.id ?? null}
          onChange={choose}
          allowDeselect={false}
          withAsterisk
          error={product ? null : 'Seleccione el producto'}
        />
      )}
      <MoneyInput
        label="Monto del préstamo nuevo"
        value={amount}
        onChange={setAmount}
        description={
          product ? `De ${formatMoney(product.minAmount)} a ${formatMoney(product.maxAmount)}` : undefined
        }
        data-autofocus
        error={problem}
      />
      <Text size="sm" data-testid="renewal-cash">
        Liquidación del préstamo {loan.num}: <MoneyText value={payoff} /> · Efectivo a entregar:{' '}
        {cash !== null && cash >= 0 ? <MoneyText value={cash} fw={700} /> : '—'}
      </Text>
      {preview && product && (
        <Text size="sm" c="dimmed" data-testid="renewal-terms">
          {product.name}: {product.termWeeks} pagos semanales de {formatMoney(preview.installment)} · Total a
          pagar {formatMoney(preview.totalToRepay)} (estimado)
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={create.isPending} disabled={!ready}>
          Solicitar renovación
        </Button>
      </Group>
    </>
  );
}

/**
 * 'Renovar': a new loan for the customer whose open loan reached its renewal threshold (the renewed
 * loan's own, copied from its product), under any active product. The old loan's payoff comes out of
 * the new amount at delivery; the cash handed over is the difference. The server checks the
 * threshold, the product and the amount again and says why not.
 */
export function RenewDialog({ loan, onClose }: { loan: Loan | null; onClose: () => void }) {
  return (
    <Modal opened={loan !== null} onClose={onClose} title={RENEW_TITLE} size="md">
      {loan && (
        <Stack gap="md">
          <Text size="sm">
            Renueva el préstamo No. {loan.num} de {customerName(loan.customer)}: al entregar el nuevo, se
            liquida este con el monto nuevo y se entrega en efectivo solo la diferencia.
          </Text>
          <QuoteSummary loanId={loan.id}>
            {(payoff, quote) =>
              quote.renewal.eligible ? (
                <RenewalForm key={loan.id} loan={loan} payoff={payoff} onDone={onClose} />
              ) : (
                <Alert color="yellow" title="Aún no se puede renovar">
                  Lleva {quote.renewal.paidInstallments} pagos de los {quote.renewal.threshold} necesarios
                  para renovarse.
                </Alert>
              )
            }
          </QuoteSummary>
        </Stack>
      )}
    </Modal>
  );
}
