import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { type Loan, type PaymentMethod, paymentRequest } from '@prestaya/contracts';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { openPrintTab } from '../../../lib/print.ts';
import { submitPayment, useRegisterPayment } from '../api/register-payment.ts';
import { customerName } from '../labels.ts';
import { PAYOFF_TITLE } from './PayoffQuotePrint.tsx';
import { QuoteSummary } from './PayoffQuoteSummary.tsx';

export const PAYOFF_REGISTERED = 'Liquidación registrada; queda en validación';

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
