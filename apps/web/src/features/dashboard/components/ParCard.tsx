import { ActionIcon, Popover, Stack, Text } from '@mantine/core';
import type { ParFigure } from '@prestaya/contracts';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format.ts';
import { formatPercent, plural } from '../format.ts';
import { type CardLink, StatCard } from './StatCard.tsx';

/** 'PAR 7' and the words that explain it: numerator ÷ denominator in money, and the definition. */
export function parExplanation(par: ParFigure) {
  return {
    figures: `${formatMoney(par.atRisk)} de capital en riesgo ÷ ${formatMoney(par.outstanding)} de capital vigente`,
    definition:
      `Capital pendiente de los préstamos con algún pago vencido hace más de ${plural(par.days, 'día', 'días')}, ` +
      'dividido entre el capital pendiente de toda la cartera vigente (activos y atrasados).',
  };
}

/** Portfolio at risk PAR X: the percentage, the loans at risk and a popover with how it is computed. */
export function ParCard({ par, link }: { par: ParFigure; link: CardLink | null }) {
  const title = `PAR ${par.days}`;
  const { figures, definition } = parExplanation(par);
  return (
    <StatCard
      title={title}
      icon={IconAlertTriangle}
      color={par.ratio > 0 ? 'red' : 'gray'}
      value={formatPercent(par.ratio)}
      hint={`${plural(par.loans, 'préstamo', 'préstamos')} en riesgo`}
      link={link}
      aside={
        <Popover width={300} position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Cómo se calcula ${title}`}>
              <IconInfoCircle size={16} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {figures}
              </Text>
              <Text size="xs" c="dimmed">
                {definition}
              </Text>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
