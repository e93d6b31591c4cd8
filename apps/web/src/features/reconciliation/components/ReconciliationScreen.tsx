import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { StatementMapping } from '@prestaya/contracts';
import { type ReactNode, useState } from 'react';
import { useStatementAccounts } from '../api/accounts.ts';
import { useStatementMapping } from '../api/mapping.ts';
import { useStatement } from '../api/statement.ts';
import { MappingForm } from './MappingForm.tsx';
import { StatementResult } from './StatementResult.tsx';
import { UploadForm } from './UploadForm.tsx';

function mappingSummary(m: StatementMapping): string {
  const amount = m.amountColumn
    ? `Importe ${m.amountColumn}`
    : `Abonos ${m.creditColumn} · Cargos ${m.debitColumn}`;
  return [
    `Fecha ${m.dateColumn} (${m.dateFormat})`,
    `Concepto ${m.conceptColumn}`,
    m.referenceColumn ? `Referencia ${m.referenceColumn}` : null,
    amount,
    m.directionColumn ? `Tipo ${m.directionColumn}` : null,
    `decimal «${m.decimalSeparator}»`,
    `${m.headerRows} fila(s) de encabezado`,
    `±${m.matchWindowDays} días`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A single resource's loading, error and loaded states. */
function Loaded<T>({
  query,
  errorTitle,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <Alert color="red" title={errorTitle} role="alert" />;
  if (query.isPending || query.data === undefined) return <Loader size="sm" aria-label="Cargando" />;
  return children(query.data);
}

/**
 * 'Conciliación' (administrators): choose the account, map its statement's columns once, upload a
 * statement, confirm the matched transfer payments into the account.
 */
export function ReconciliationScreen() {
  const accounts = useStatementAccounts();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [statementId, setStatementId] = useState<string | null>(null);
  const mapping = useStatementMapping(accountId);
  const statement = useStatement(statementId);
  return (
    <Stack gap="md">
      <Title order={1}>Conciliación</Title>
      <Paper withBorder radius="md" p="sm">
        <Select
          label="Cuenta"
          placeholder={accounts.isPending ? 'Cargando cuentas…' : 'Seleccione la cuenta del estado de cuenta'}
          data={(accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.name} — ${a.bankName}` }))}
          value={accountId}
          onChange={(value) => {
            setAccountId(value);
            setEditing(false);
            setStatementId(null);
          }}
          error={accounts.isError ? 'No se pudo cargar la lista de cuentas' : undefined}
          nothingFoundMessage="No hay cuentas registradas"
          w={{ base: '100%', xs: 360 }}
        />
      </Paper>
      {accountId ? (
        <Loaded query={mapping} errorTitle="No se pudieron cargar las columnas">
          {(saved) =>
            saved === null || editing ? (
              <MappingForm
                key={`${accountId}-${saved ? 'saved' : 'new'}`}
                accountId={accountId}
                saved={saved}
                onSaved={() => setEditing(false)}
                onCancel={saved ? () => setEditing(false) : undefined}
              />
            ) : (
              <Stack gap="sm">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    Columnas: {mappingSummary(saved)}
                  </Text>
                  <Button variant="subtle" size="xs" onClick={() => setEditing(true)}>
                    Editar columnas
                  </Button>
                </Group>
                <UploadForm accountId={accountId} onUploaded={setStatementId} />
              </Stack>
            )
          }
        </Loaded>
      ) : null}
      {statementId ? (
        <Loaded query={statement} errorTitle="No se pudo cargar el estado de cuenta">
          {(view) => <StatementResult key={view.id} view={view} />}
        </Loaded>
      ) : null}
    </Stack>
  );
}
