import { Alert, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReconcileResult, StatementView } from '@prestaya/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useConfirmStatement } from '../api/statement.ts';
import { LineCard, MatchCard, PaymentCard } from './Cards.tsx';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title} ({count})
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          Ninguno
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {children}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * An uploaded statement: its matched pairs (every 'Alta' selected at first), 'Confirmar seleccionados'
 * with a confirmation dialog, the result, and what is left: credits without payment, cargos, payments
 * in validation without line, and lines already reconciled. Cards at every width, so a phone reads it.
 */
export function StatementResult({ view }: { view: StatementView }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<ReconcileResult | null>(null);
  const confirm = useConfirmStatement();
  const highKey = view.matches
    .filter((m) => m.confidence === 'HIGH')
    .map((m) => m.line.id)
    .join(',');
  useEffect(() => {
    setSelected(new Set(highKey ? highKey.split(',') : []));
  }, [highKey]);
  const chosen = useMemo(() => view.matches.filter((m) => selected.has(m.line.id)), [view.matches, selected]);
  const total = chosen.reduce((sum, m) => sum + Math.round(m.line.amount * 100), 0) / 100;
  const toggle = (lineId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(lineId)) next.add(lineId);
      return next;
    });
  const allSelected = view.matches.length > 0 && chosen.length === view.matches.length;
  const run = () =>
    confirm.mutate(
      { statementId: view.id, pairs: chosen.map((m) => ({ lineId: m.line.id, paymentId: m.payment.id })) },
      {
        onSuccess: (reply) => {
          setAsking(false);
          setResult(reply);
          notify.success(
            `Se confirmaron ${reply.confirmed.length} pagos por ${formatMoney(reply.confirmedAmount)}`,
          );
        },
        onError: (error) => {
          setAsking(false);
          notify.apiError(error, 'No se pudieron confirmar los pagos');
        },
      },
    );
  return (
    <Stack gap="md">
      <Text size="sm">
        «{view.fileName}» de {view.bankAccount.name}: {view.lineCount} movimientos, {view.newLines} nuevos,{' '}
        {view.alreadyLoaded} ya cargados antes. Tolerancia de {view.matchWindowDays} días.
      </Text>
      {result ? (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Resultado" role="status">
          <Text size="sm">
            Se confirmaron {result.confirmed.length} pagos por <MoneyText value={result.confirmedAmount} /> en{' '}
            {view.bankAccount.name}.
          </Text>
          {result.skipped.length > 0 ? (
            <List size="sm" mt="xs" aria-label="Pares omitidos">
              {result.skipped.map((s) => (
                <List.Item key={`${s.lineId}-${s.paymentId}`}>Omitido: {s.reason}</List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
      <Stack gap="xs" component="section" aria-label="Emparejados">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h5">
            Emparejados ({view.matches.length})
          </Title>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              size="xs"
              disabled={view.matches.length === 0}
              onClick={() =>
                setSelected(allSelected ? new Set() : new Set(view.matches.map((m) => m.line.id)))
              }
            >
              {allSelected ? 'Quitar todos' : 'Seleccionar todos'}
            </Button>
            <Button size="sm" disabled={chosen.length === 0} onClick={() => setAsking(true)}>
              Confirmar seleccionados ({chosen.length})
            </Button>
          </Group>
        </Group>
        {view.matches.length === 0 ? (
          <Text size="sm" c="dimmed">
            Ningún abono coincide con un pago en validación
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {view.matches.map((match) => (
              <MatchCard
                key={match.line.id}
                match={match}
                checked={selected.has(match.line.id)}
                onToggle={() => toggle(match.line.id)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Section title="Abonos sin pago" count={view.unmatchedCredits.length}>
        {view.unmatchedCredits.map((line) => (
          <LineCard key={line.id} line={line} />
        ))}
      </Section>
      <Section title="Pagos en validación sin línea" count={view.unmatchedPayments.length}>
        {view.unmatchedPayments.map((payment) => (
          <PaymentCard key={payment.id} payment={payment} />
        ))}
      </Section>
      <Section title="Cargos" count={view.debits.length}>
        {view.debits.map((line) => (
          <LineCard key={line.id} line={line} />
        ))}
      </Section>
      <Section title="Ya conciliadas" count={view.reconciled.length}>
        {view.reconciled.map((line) => (
          <LineCard key={line.id} line={line} />
        ))}
      </Section>
      <ConfirmModal
        opened={asking}
        title="Confirmar pagos"
        onClose={() => setAsking(false)}
        onConfirm={run}
        confirmLabel="Confirmar"
        loading={confirm.isPending}
      >
        <Text size="sm">
          Se confirmarán {chosen.length} pagos por {formatMoney(total)} en la cuenta {view.bankAccount.name}.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
