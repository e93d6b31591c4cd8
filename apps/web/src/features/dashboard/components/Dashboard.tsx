import '@mantine/dates/styles.css';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import {
  IconCalendar,
  IconCash,
  IconClockExclamation,
  IconRefresh,
  IconTrendingUp,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime, weekRange } from '../../../lib/format.ts';

const placeholderCards = [
  {
    label: 'Pagos recibidos',
    value: '$18,450.00',
    hint: '23 pagos en el periodo',
    icon: IconCash,
    color: 'teal',
  },
  {
    label: 'Cobranza esperada',
    value: '$24,000.00',
    hint: '30 pagos programados',
    icon: IconTrendingUp,
    color: 'blue',
  },
  {
    label: 'Préstamos atrasados',
    value: '4',
    hint: 'con al menos un pago vencido',
    icon: IconClockExclamation,
    color: 'orange',
  },
  {
    label: 'Clientes activos',
    value: '57',
    hint: 'con un préstamo vigente',
    icon: IconUsers,
    color: 'grape',
  },
] as const;

/** Dashboard (spec 2): week range pickers (Sunday–Saturday) and static sample cards. */
export function Dashboard() {
  const [initialFrom, initialTo] = weekRange();
  const [from, setFrom] = useState<string | null>(initialFrom);
  const [to, setTo] = useState<string | null>(initialTo);
  const [refreshedAt, setRefreshedAt] = useState(() => new Date());

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={2}>
            <Title order={1} size="h2">
              Dashboard
            </Title>
            <Text size="sm" c="dimmed">
              Actualizado: {formatDateTime(refreshedAt)}
            </Text>
          </Stack>
          <Group align="flex-end" gap="sm">
            <DatePickerInput
              label="Desde"
              value={from}
              onChange={setFrom}
              maxDate={to ?? undefined}
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} aria-hidden />}
              w={160}
            />
            <DatePickerInput
              label="Hasta"
              value={to}
              onChange={setTo}
              minDate={from ?? undefined}
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} aria-hidden />}
              w={160}
            />
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => setRefreshedAt(new Date())}
            >
              Actualizar
            </Button>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {placeholderCards.map(({ label, value, hint, icon: Icon, color }) => (
            <Paper key={label} withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Text size="sm" c="dimmed" fw={500}>
                    {label}
                  </Text>
                  <Text fw={700} fz={26} lh={1.2}>
                    {value}
                  </Text>
                </Stack>
                <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
                  <Icon size={22} />
                </ThemeIcon>
              </Group>
              <Group justify="space-between" mt="sm" gap="xs">
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
                <Badge size="xs" variant="outline" color="gray" style={{ textTransform: 'none' }}>
                  Datos de ejemplo
                </Badge>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>

        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            Las tarjetas muestran datos de ejemplo; los indicadores reales del periodo se mostrarán cuando los
            reportes estén disponibles.
          </Text>
        </Paper>
      </Stack>
    </DatesProvider>
  );
}
