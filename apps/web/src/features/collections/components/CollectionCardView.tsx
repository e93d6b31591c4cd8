import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type CollectionCard, centsToPesos, pesosToCents, VISIT_OUTCOME_LABELS } from '@prestaya/contracts';
import { totalCents } from '@prestaya/domain';
import {
  IconAlertTriangle,
  IconBrandWhatsapp,
  IconCash,
  IconCloudUpload,
  IconMapPin,
  IconPhone,
  IconWalk,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { RestructuredMark } from '../../../components/RestructuredMark.tsx';
import { useBusinessSettings } from '../../../lib/business-settings.ts';
import { formatDate, formatMoney, fullName } from '../../../lib/format.ts';
import type { PendingPayment } from '../../../lib/offline-queue.ts';
import type { PendingVisit } from '../../../lib/visit-queue.ts';
import { promiseText, visitText, visitWhen } from '../../../lib/visit-text.ts';
import { addressLine, dueChip, mapsLink, reminderMessage, telLink, whatsappLink } from '../contact.ts';
import { QueuedNotice } from './QueuedNotice.tsx';

export interface CollectionCardViewProps {
  card: CollectionCard;
  /** This loan's payment kept on the phone, if any. */
  queued?: PendingPayment;
  /** This loan's latest visit kept on the phone, if any. */
  queuedVisit?: PendingVisit;
  /** Shows whose customer it is (an administrator looking at 'Todos'). */
  showAgent?: boolean;
  origin: string;
  onCollect: () => void;
  onDiscard: (key: string) => void;
  onVisit?: () => void;
  onDiscardVisit?: (key: string) => void;
}

/** The card's visits: the last one the server has, the standing promise, the one on the phone. */
function VisitLines({
  card,
  queued,
  onDiscard,
}: {
  card: CollectionCard;
  queued?: PendingVisit;
  onDiscard?: (key: string) => void;
}) {
  const { lastVisit, promise } = card;
  // The promise has its own line unless it is the last visit itself.
  const promiseApart =
    promise && !(lastVisit?.outcome === 'PROMISE' && lastVisit.visitedAt === promise.visitedAt);
  return (
    <Stack gap={2} data-testid="collection-visits">
      {lastVisit && (
        <Text size="sm" c="dimmed">
          Última visita: {visitText(lastVisit)}
        </Text>
      )}
      {promiseApart && (
        <Text size="sm" c="grape.9" fw={500}>
          {promiseText(promise)}
        </Text>
      )}
      {queued && queued.state === 'pending' && (
        <Group gap={6} wrap="nowrap">
          <IconCloudUpload size={16} aria-hidden />
          <Text size="sm" c="yellow.9">
            Visita pendiente de enviar:{' '}
            {queued.outcome === 'PROMISE'
              ? promiseText({
                  promisedDate: queued.promisedDate,
                  promisedAmount:
                    queued.promisedAmountCents === null ? null : centsToPesos(queued.promisedAmountCents),
                })
              : VISIT_OUTCOME_LABELS[queued.outcome]}{' '}
            · {visitWhen(queued.visitedAt)}
          </Text>
        </Group>
      )}
      {queued && queued.state === 'refused' && (
        <Group gap={6} wrap="nowrap" justify="space-between" role="alert">
          <Group gap={6} wrap="nowrap">
            <IconAlertTriangle size={16} aria-hidden />
            <Text size="sm" c="red.8">
              El servidor rechazó la visita ({VISIT_OUTCOME_LABELS[queued.outcome]}): {queued.error}
            </Text>
          </Group>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDiscard?.(queued.key)}>
            Descartar
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A contact button: a link when there is something to open, disabled otherwise. */
function ContactLink({
  href,
  label,
  icon,
  blank,
}: {
  href: string | null;
  label: string;
  icon: ReactNode;
  blank?: boolean;
}) {
  // Three side by side on a 360 px phone, each as wide as its label needs plus a share of the rest.
  const common = {
    variant: 'light',
    size: 'sm',
    leftSection: icon,
    px: 8,
    style: { flex: '1 1 auto' },
    styles: { section: { marginInlineEnd: 6 } },
  } as const;
  if (!href) {
    return (
      <Button {...common} disabled>
        {label}
      </Button>
    );
  }
  return (
    <Button
      {...common}
      component="a"
      href={href}
      {...(blank ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {label}
    </Button>
  );
}

/** One loan of the route: who, where, what is due now, contact in one tap and 'Cobrar'. */
export function CollectionCardView({
  card,
  queued,
  queuedVisit,
  showAgent,
  origin,
  onCollect,
  onDiscard,
  onVisit,
  onDiscardVisit,
}: CollectionCardViewProps) {
  const business = useBusinessSettings();
  const name = fullName(card.customer);
  const titleId = `collection-${card.loan.id}`;
  const chip = dueChip(card);
  const { scheduledPayments, fees, total } = card.due;
  const finesCents = totalCents(fees, (fee) => pesosToCents(fee.amount));

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="xs" c="dimmed">
              Préstamo No. {card.loan.num}
              {showAgent && card.agent ? ` · ${card.agent.name} ${card.agent.lastName}` : ''}
            </Text>
            <RestructuredMark count={card.loan.restructureCount} />
          </div>
          <Badge color={chip.color} variant="light" style={{ flexShrink: 0 }}>
            {chip.label}
          </Badge>
        </Group>

        <Stack gap={0}>
          {card.address ? (
            <>
              <Text size="sm" fw={500}>
                Col. {card.address.neighborhood}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {addressLine(card.address)}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Sin domicilio registrado
            </Text>
          )}
          <Text size="sm">Tel. {card.customer.phone}</Text>
        </Stack>

        <Stack
          gap={2}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Lo que debe ahora"
        >
          {scheduledPayments.map((item) => (
            <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                {item.concept}{' '}
                <Text span size="xs" c="dimmed">
                  · vence {formatDate(item.dueDate)}
                </Text>
              </Text>
              <MoneyText size="sm" value={item.amount} />
            </Group>
          ))}
          {fees.length > 0 && (
            <Group component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">Multas pendientes ({fees.length})</Text>
              <MoneyText size="sm" value={centsToPesos(finesCents)} />
            </Group>
          )}
        </Stack>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            Total a cobrar
          </Text>
          <MoneyText fw={700} value={total} data-testid="collection-due-total" />
        </Group>
        {card.collectedToday > 0 && (
          <Text size="xs" c="teal.9">
            Cobrado hoy: {formatMoney(card.collectedToday)}
          </Text>
        )}

        <VisitLines card={card} queued={queuedVisit} onDiscard={onDiscardVisit} />

        {queued && <QueuedNotice entry={queued} onDiscard={() => onDiscard(queued.key)} />}

        <Group gap={6} wrap="nowrap">
          <ContactLink
            href={telLink(card.customer.phone)}
            label="Llamar"
            icon={<IconPhone size={16} aria-hidden />}
          />
          <ContactLink
            href={whatsappLink(card.customer.phone, reminderMessage(card, origin, business))}
            label="WhatsApp"
            icon={<IconBrandWhatsapp size={16} aria-hidden />}
            blank
          />
          <ContactLink
            href={mapsLink(card.address)}
            label="Mapa"
            icon={<IconMapPin size={16} aria-hidden />}
            blank
          />
        </Group>
        <Group gap={6} wrap="nowrap">
          <Button
            style={{ flex: '1 1 auto' }}
            leftSection={<IconCash size={18} aria-hidden />}
            onClick={onCollect}
            disabled={!!queued || total <= 0}
          >
            {queued ? 'Cobro guardado en el teléfono' : 'Cobrar'}
          </Button>
          {onVisit && (
            <Button variant="light" leftSection={<IconWalk size={18} aria-hidden />} onClick={onVisit}>
              Visita
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
