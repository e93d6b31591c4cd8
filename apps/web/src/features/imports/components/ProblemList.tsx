import { Paper, Stack, Table, Text } from '@mantine/core';
import type { ImportProblem } from '@prestaya/contracts';

const where = (problem: ImportProblem) =>
  problem.column ? `${problem.column} · ${problem.field}` : 'Toda la fila';

/** The dry run's problems: a table from the small breakpoint up, one card each on a phone. */
export function ProblemList({ problems }: { problems: ImportProblem[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={520} visibleFrom="sm">
        <Table striped withTableBorder aria-label="Problemas por fila">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Fila</Table.Th>
              <Table.Th w={180}>Columna</Table.Th>
              <Table.Th>Problema</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.map((problem) => (
              <Table.Tr key={`${problem.row}-${problem.field}-${problem.message}`}>
                <Table.Td>{problem.row}</Table.Td>
                <Table.Td>{where(problem)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{problem.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" aria-label="Problemas por fila" role="list">
        {problems.map((problem) => (
          <Paper
            key={`${problem.row}-${problem.field}-${problem.message}`}
            withBorder
            radius="md"
            p="xs"
            role="listitem"
          >
            <Text size="sm" fw={600}>
              Fila {problem.row} · {where(problem)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {problem.message}
            </Text>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
