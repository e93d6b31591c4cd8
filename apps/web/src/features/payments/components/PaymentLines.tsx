import { Badge, Stack, Table, Text } from '@mantine/core';
import { type PaymentDetails as Details, formatPesos } from '@prestaya/contracts';
import { FoldedCell, LinesTable } from '../../../components/LinesTable.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatDate } from '../../../lib/format.ts';

// The concept lines of a payment (installments and fines) with their amounts.

/** Lines carry no id: type + concept + date, numbered when two are alike (stable for one reply). */
function withKeys(lines: Details['lines']) {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = `${line.type}|${line.concept}|${line.date}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { key: `${base}|${n}`, line };
  });
}

export function Lines({ lines }: { lines: Details['lines'] }) {
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin conceptos
      </Text>
    );
  }
  return (
    // On a phone the date folds under the concept, so the table fits without scrolling.
    <Table.ScrollContainer minWidth={280}>
      <LinesTable
        aria-label="Conceptos del pago"
        rows={withKeys(lines)}
        rowKey={({ key }) => key}
        columns={[
          {
            header: 'Concepto',
            cell: ({ line }) => <FoldedCell folded={formatDate(line.date)}>{line.concept}</FoldedCell>,
          },
          {
            header: 'Monto',
            align: 'right',
            cell: ({ line }) =>
              line.remainingAfter ? (
                // An abono's last line paid only part of its item: what it paid and what remained.
                <Stack gap={0} align="flex-end">
                  <MoneyText value={line.amount} />
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    Abono parcial · resta {formatPesos(line.remainingAfter)}
                  </Text>
                </Stack>
              ) : (
                <MoneyText value={line.amount} />
              ),
          },
          {
            header: 'Tipo',
            cell: ({ line }) => (
              <Badge
                variant="light"
                radius="sm"
                color={line.type === 'Multa' ? 'orange' : 'blue'}
                // A narrow table keeps the whole word instead of 'Mul…'.
                styles={{ root: { textTransform: 'none', minWidth: 'max-content' } }}
              >
                {line.type}
              </Badge>
            ),
          },
          { header: 'Fecha', wide: true, nowrap: true, cell: ({ line }) => formatDate(line.date) },
        ]}
      />
    </Table.ScrollContainer>
  );
}
