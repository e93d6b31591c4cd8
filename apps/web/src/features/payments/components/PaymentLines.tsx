import { Badge, Table, Text } from '@mantine/core';
import type { PaymentDetails as Details } from '@prestaya/contracts';
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
      <Table striped verticalSpacing="xs" aria-label="Conceptos del pago">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Concepto</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th visibleFrom="xs">Fecha</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {withKeys(lines).map(({ key, line }) => (
            <Table.Tr key={key}>
              <Table.Td>
                {line.concept}
                <Text size="xs" c="dimmed" hiddenFrom="xs">
                  {formatDate(line.date)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <MoneyText value={line.amount} />
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  radius="sm"
                  color={line.type === 'Multa' ? 'orange' : 'blue'}
                  // A narrow table keeps the whole word instead of 'Mul…'.
                  styles={{ root: { textTransform: 'none', minWidth: 'max-content' } }}
                >
                  {line.type}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(line.date)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
