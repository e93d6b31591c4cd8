import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { AML_CASE_STATUS_LABELS, type AmlCase, amlCaseClose } from '@prestaya/contracts';
import { IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedCards, usePaging } from '../../../components/PagedCards.tsx';
import { TextDialog } from '../../../components/TextDialog.tsx';
import { formatDateTime, formatMoney, fullName } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useAmlCases, useCloseCase } from '../api/cases.ts';
import { CaseOpenForm } from './CaseOpenForm.tsx';

function CaseCard({ item, onClose }: { item: AmlCase; onClose: (item: AmlCase) => void }) {
  const open = item.status === 'OPEN';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`Caso de ${fullName(item.customer)}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {fullName(item.customer)} · #{item.customer.num}
          </Text>
          <Badge variant="light" color={open ? 'orange' : 'gray'}>
            {AML_CASE_STATUS_LABELS[item.status]}
          </Badge>
        </Group>
        {item.payment ? (
          <Text size="sm">
            Pago de {formatMoney(item.payment.amount)} del préstamo #{item.payment.loanNum}
          </Text>
        ) : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.description}
        </Text>
        <Text size="xs" c="dimmed">
          Abierto {formatDateTime(item.openedOn)}
          {item.openedBy ? ` por ${fullName(item.openedBy)}` : ''}
        </Text>
        {open ? (
          <Group justify="flex-end">
            <Button size="xs" variant="light" onClick={() => onClose(item)}>
              Cerrar caso
            </Button>
          </Group>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Cerrado {item.closedOn ? formatDateTime(item.closedOn) : ''}
            {item.closedBy ? ` por ${fullName(item.closedBy)}` : ''}: {item.conclusion}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * 'Casos': unusual-operation cases, opened on a customer or a payment and closed with a conclusion;
 * newest first, a page at a time.
 */
export function CasesTab() {
  const paging = usePaging('aml-cases');
  const cases = useAmlCases(paging);
  const close = useCloseCase();
  const [closing, setClosing] = useState<AmlCase | null>(null);
  return (
    <Stack gap="sm">
      <CaseOpenForm />
      <PagedCards
        query={cases}
        paging={paging}
        loadingLabel="Cargando casos"
        errorText="No se pudieron cargar los casos."
        emptyText="No hay casos de operación inusual."
        emptyIcon={<IconFolder aria-hidden />}
      >
        {(rows) => (
          <Stack gap="xs">
            {rows.map((item) => (
              <CaseCard key={item.id} item={item} onClose={setClosing} />
            ))}
          </Stack>
        )}
      </PagedCards>
      {closing ? (
        <TextDialog
          title={`Cerrar el caso de ${fullName(closing.customer)}`}
          label="Conclusión"
          schema={amlCaseClose.shape.conclusion}
          field="conclusion"
          confirmLabel="Cerrar caso"
          loading={close.isPending}
          onClose={() => setClosing(null)}
          onConfirm={(conclusion, fail) =>
            close.mutate(
              { id: closing.id, conclusion },
              {
                onSuccess: () => {
                  notify.success('Caso cerrado');
                  setClosing(null);
                },
                onError: (error) => {
                  notify.apiError(error, 'No se pudo cerrar el caso');
                  fail(error);
                },
              },
            )
          }
        />
      ) : null}
    </Stack>
  );
}
