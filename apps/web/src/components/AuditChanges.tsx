import { Table, Text } from '@mantine/core';
import type { AuditEntry } from '@prestaya/contracts';
import { auditChanges } from '../lib/audit.ts';

/** The fields an audit row changed, as a small Campo / Antes / Después table (old → new). */
export function AuditChanges({
  entry,
  label = 'Cambios',
}: {
  entry: Pick<AuditEntry, 'entity' | 'before' | 'after' | 'names'>;
  /** Accessible name of the table. */
  label?: string;
}) {
  const changes = auditChanges(entry);
  if (changes.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Sin cambios de campos
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={260} type="native">
      <Table withTableBorder={false} verticalSpacing={4} horizontalSpacing="xs" fz="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Antes</Table.Th>
            <Table.Th>Después</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.key}>
              <Table.Td fw={500}>{change.label}</Table.Td>
              <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {change.before}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.after}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
