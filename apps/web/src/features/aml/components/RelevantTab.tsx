import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { amlCaseOpen } from '@prestaya/contracts';
import { quarterOf } from '@prestaya/domain';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportCsvButton } from '../../../components/ExportCsvButton.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { TextDialog } from '../../../components/TextDialog.tsx';
import { businessToday, formatDate, fullName } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useOpenCase } from '../api/cases.ts';
import { useRelevantOperations } from '../api/relevant.ts';
import { ThresholdsCard } from './ThresholdsCard.tsx';

const QUARTERS = ['1', '2', '3', '4'].map((q) => ({ value: q, label: `T${q}` }));

/**
 * 'Operaciones relevantes': the thresholds, a quarter (year + T1–T4), its confirmed cash payments at or
 * above the single threshold and the customers' months at or above the monthly one, and its CSV. A
 * payment can open an 'Operación inusual' case from here.
 */
export function RelevantTab() {
  const current = quarterOf(businessToday());
  const [year, setYear] = useState(current.year);
  const [quarter, setQuarter] = useState<number>(current.quarter);
  const operations = useRelevantOperations(year, quarter);
  const openCase = useOpenCase();
  const [casePayment, setCasePayment] = useState<string | null>(null);
  const years = Array.from({ length: 6 }, (_, i) => String(current.year - i));
  return (
    <Stack gap="sm">
      <ThresholdsCard />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Año"
          data={years}
          value={String(year)}
          onChange={(value) => value && setYear(Number(value))}
          allowDeselect={false}
          w={120}
        />
        <Select
          label="Trimestre"
          data={QUARTERS}
          value={String(quarter)}
          onChange={(value) => value && setQuarter(Number(value))}
          allowDeselect={false}
          w={120}
        />
        <ExportCsvButton
          path={apiPaths.amlRelevantExport}
          query={{ year, quarter }}
          fallbackName={`operaciones-relevantes-${year}-T${quarter}.csv`}
        />
      </Group>
      <Title order={2} size="h4">
        Operaciones en efectivo desde el umbral
      </Title>
      <QueryState
        query={{ ...operations, data: operations.data?.operations }}
        loadingLabel="Cargando operaciones relevantes"
        errorText="No se pudieron cargar las operaciones relevantes."
        emptyText="No hay operaciones relevantes en el trimestre."
        emptyIcon={<IconCash aria-hidden />}
      >
        {(rows) => (
          <Stack gap="xs">
            {rows.map((row) => (
              <Paper
                key={row.paymentId}
                withBorder
                radius="md"
                p="sm"
                component="article"
                aria-label={`Pago de ${fullName(row.customer)}`}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {fullName(row.customer)} · #{row.customer.num}
                  </Text>
                  <MoneyText value={row.amount} fw={600} />
                </Group>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" c="dimmed">
                    Préstamo #{row.loan.num} · {formatDate(row.collectedOn)}
                  </Text>
                  <Button size="xs" variant="light" onClick={() => setCasePayment(row.paymentId)}>
                    Abrir caso
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
      <Title order={2} size="h4">
        Efectivo del mes por cliente desde el umbral
      </Title>
      <QueryState
        query={{ ...operations, data: operations.data?.monthly }}
        loadingLabel="Cargando acumulados"
        errorText="No se pudieron cargar los acumulados."
        emptyText="Ningún cliente llegó al umbral mensual en el trimestre."
        emptyIcon={<IconCash aria-hidden />}
      >
        {(rows) => (
          <Stack gap="xs">
            {rows.map((row) => (
              <Paper key={`${row.customer.id}-${row.month}`} withBorder radius="md" p="sm">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {fullName(row.customer)} · #{row.customer.num}
                  </Text>
                  <MoneyText value={row.total} fw={600} />
                </Group>
                <Text size="sm" c="dimmed">
                  Mes {row.month} · {row.payments} pagos en efectivo
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
      {casePayment ? (
        <TextDialog
          title="Abrir caso de operación inusual"
          label="Descripción"
          schema={amlCaseOpen.shape.description}
          field="description"
          confirmLabel="Abrir caso"
          loading={openCase.isPending}
          onClose={() => setCasePayment(null)}
          onConfirm={(description, fail) =>
            openCase.mutate(
              { paymentId: casePayment, description },
              {
                onSuccess: () => {
                  notify.success('Caso abierto');
                  setCasePayment(null);
                },
                onError: (error) => {
                  notify.apiError(error, 'No se pudo abrir el caso');
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
