import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CollectionCard, paymentFolio } from '@prestaya/contracts';
import { IconBrandWhatsapp, IconCircleCheck, IconCloudUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DetailField } from '../../../components/DetailField.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { useBusinessSettings } from '../../../lib/business-settings.ts';
import type { CollectOutcome } from '../api/collect-payment.ts';
import { receiptMessage, whatsappLink } from '../contact.ts';
import { PENDING_LABEL } from './QueuedNotice.tsx';

export const NOT_REGISTERED = 'No se registró el cobro';

type Other = Exclude<CollectOutcome, { kind: 'sent' }>;

/** What the dialog says when there is no receipt to share. */
function noticeOf(outcome: Other): { color: string; title: string; icon?: ReactNode; text: string } {
  switch (outcome.kind) {
    case 'queued':
      return {
        color: 'yellow',
        title: PENDING_LABEL,
        icon: <IconCloudUpload size={18} aria-hidden />,
        text: 'Sin conexión: el cobro quedó guardado en este teléfono y se enviará solo cuando vuelva la señal. No cierre la sesión hasta entonces.',
      };
    case 'refused':
      return { color: 'red', title: NOT_REGISTERED, text: outcome.detail };
    case 'sent-elsewhere':
      return {
        color: 'teal',
        title: 'Cobro registrado',
        icon: <IconCircleCheck size={18} aria-hidden />,
        text: 'El cobro ya se envió al servidor.',
      };
  }
}

/** After 'Cobrar': the receipt to share, the payment kept for later, or the server's refusal. */
export function CollectResult({
  card,
  outcome,
  origin,
  onClose,
}: {
  card: CollectionCard;
  outcome: CollectOutcome;
  origin: string;
  onClose: () => void;
}) {
  const business = useBusinessSettings();
  const done = (
    <Group justify="flex-end">
      <Button variant={outcome.kind === 'sent' ? 'default' : 'filled'} onClick={onClose}>
        {outcome.kind === 'refused' ? 'Entendido' : 'Listo'}
      </Button>
    </Group>
  );

  if (outcome.kind !== 'sent') {
    const { color, title, icon, text } = noticeOf(outcome);
    return (
      <Stack>
        <Alert
          color={color}
          variant="light"
          icon={icon}
          title={title}
          role={color === 'red' ? 'alert' : undefined}
        >
          {text}
        </Alert>
        {done}
      </Stack>
    );
  }

  const { payment, remaining } = outcome;
  const folio = paymentFolio(card.loan.num, payment.id);
  const receipt = receiptMessage(
    { customer: card.customer, loan: card.loan, folio, amount: payment.amount, remaining },
    origin,
    business,
  );
  const share = whatsappLink(card.customer.phone, receipt);
  return (
    <Stack>
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={18} aria-hidden />}
        title="Cobro registrado"
      >
        Queda 'En validación' hasta el corte de caja.
      </Alert>
      <SimpleGrid cols={2} spacing="sm">
        <DetailField label="Folio" testId="receipt-folio">
          {folio}
        </DetailField>
        <DetailField label="Monto" strong>
          <MoneyText value={payment.amount} />
        </DetailField>
        <DetailField label="Saldo restante">
          {remaining === null ? <Text c="dimmed">No disponible</Text> : <MoneyText value={remaining} />}
        </DetailField>
      </SimpleGrid>
      <Stack gap="xs">
        {share && (
          <Button
            component="a"
            href={share}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
          >
            Enviar recibo por WhatsApp
          </Button>
        )}
        {done}
      </Stack>
    </Stack>
  );
}
