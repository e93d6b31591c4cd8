import { Alert, Text } from '@mantine/core';
import type { Loan } from '@prestaya/contracts';
import { IconAlertOctagon } from '@tabler/icons-react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLoanWriteOff } from '../api/get-loan-write-off.ts';

/** A written-off loan's write-off, above its dialogs: when, who, why, how much, what came back. */
export function WriteOffNotice({ loan }: { loan: Loan }) {
  const writtenOff = loan.status === 'WRITTEN_OFF';
  const query = useLoanWriteOff(loan.id, writtenOff);
  const data = query.data;
  if (!writtenOff || !data) return null;
  return (
    <Alert color="grape" variant="light" icon={<IconAlertOctagon size={18} />} title="Préstamo castigado">
      <Text size="sm">
        El {formatDate(data.writtenOffOn)}
        {data.writtenOffBy ? ` por ${data.writtenOffBy.name} ${data.writtenOffBy.lastName}` : ''}, con{' '}
        {data.daysPastDue} días de atraso. Motivo: {data.reason}
      </Text>
      <Text size="sm">
        Monto castigado: <MoneyText value={data.amountWrittenOff} /> · Recuperado:{' '}
        <MoneyText value={data.recovered} />
      </Text>
    </Alert>
  );
}
