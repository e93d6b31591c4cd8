import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useId } from 'react';
import { Link } from 'react-router';

export interface CardLink {
  to: string;
  label: string;
}

export interface StatCardProps {
  /** Visible title, also the card's accessible name (a region). */
  title: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
  /** The main figure; a skeleton while `loading`. */
  value?: ReactNode;
  hint?: ReactNode;
  /** The list behind the figure (only where the user may open it). */
  link?: CardLink | null;
  /** Next to the title, e.g. the PAR definition button. */
  aside?: ReactNode;
  loading?: boolean;
}

/** One dashboard figure: title, value, a short hint and a link to the list behind it. */
export function StatCard({ title, icon: Icon, color, value, hint, link, aside, loading }: StatCardProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      withBorder
      radius="md"
      p="md"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          <Title id={titleId} order={3} size="sm" c="dimmed" fw={500}>
            {title}
          </Title>
          {aside}
        </Group>
        <ThemeIcon variant="light" color={color} size={32} radius="md" aria-hidden>
          <Icon size={18} />
        </ThemeIcon>
      </Group>
      {loading ? (
        <Skeleton height={30} width={140} radius="sm" mt={4} />
      ) : (
        <Text
          component="div"
          fw={700}
          fz={26}
          lh={1.2}
          mt={4}
          style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'break-word' }}
        >
          {value}
        </Text>
      )}
      <Stack gap={6} mt="sm" style={{ flex: 1, justifyContent: 'space-between' }}>
        {loading ? (
          <Skeleton height={12} width="70%" radius="sm" />
        ) : (
          hint && (
            <Text size="xs" c="dimmed" component="div">
              {hint}
            </Text>
          )
        )}
        {link && !loading && (
          <Anchor component={Link} to={link.to} size="xs" fw={500} style={{ alignSelf: 'flex-start' }}>
            {link.label} <IconArrowRight size={12} aria-hidden style={{ verticalAlign: 'middle' }} />
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
