import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCalendarCheck, IconDeviceMobile, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

const features = [
  {
    icon: IconCalendarCheck,
    title: 'Pagos semanales',
    text: 'Un plan de 12 semanas con pagos fijos, para que siempre sepas cuánto y cuándo pagar.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Consulta en línea',
    text: 'Revisa tus pagos pendientes y registra tu pago con tu número de préstamo y tu teléfono.',
  },
  {
    icon: IconShieldCheck,
    title: 'Atención personal',
    text: 'Un agente te acompaña desde la solicitud hasta tu último pago.',
  },
];

const steps = [
  { title: 'Solicita', text: 'Acércate a tu agente con tu identificación y comprobante de domicilio.' },
  { title: 'Recibe tu dinero', text: 'Una vez aprobado, recibes tu préstamo en efectivo.' },
  { title: 'Paga cada semana', text: 'Paga en efectivo o por transferencia y consulta tu saldo en línea.' },
];

/** Public landing page (spec 1): marketing text and the 'Conocer más' button. */
export function Landing() {
  return (
    <>
      <Box
        component="section"
        py={{ base: 48, sm: 88 }}
        style={{
          background:
            'radial-gradient(circle at 85% 10%, var(--mantine-color-teal-1) 0%, transparent 45%), linear-gradient(180deg, var(--mantine-color-teal-0) 0%, #fff 100%)',
        }}
      >
        <Container size="lg">
          <Stack gap="lg" maw={680}>
            <Badge variant="light" size="lg" radius="sm" w="fit-content" style={{ textTransform: 'none' }}>
              Préstamos personales
            </Badge>
            <Title order={1} fz={{ base: 34, sm: 50 }} lh={1.1}>
              El dinero que necesitas, con pagos claros cada semana
            </Title>
            <Text size="lg" c="dimmed">
              En PrestaYa te prestamos de forma rápida y sencilla. Sin letras pequeñas: conoces desde el
              inicio tu plan de pagos y puedes consultarlo cuando quieras.
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to="/consulta"
                size="lg"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Conocer más
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 40, sm: 64 }} component="section" aria-labelledby="beneficios">
        <Title order={2} id="beneficios" ta="center" mb="xl">
          ¿Por qué PrestaYa?
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map(({ icon: Icon, title, text }) => (
            <Stack
              key={title}
              gap="sm"
              p="lg"
              bg="white"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}
            >
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
              <Title order={3} size="h4">
                {title}
              </Title>
              <Text c="dimmed">{text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="gray.0" py={{ base: 40, sm: 64 }} component="section" aria-labelledby="como-funciona">
        <Container size="lg">
          <Title order={2} id="como-funciona" ta="center" mb="xl">
            ¿Cómo funciona?
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {steps.map((step, index) => (
              <Group key={step.title} align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon size={36} radius="xl" aria-hidden>
                  <Text fw={700} c="white">
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <Stack gap={4}>
                  <Title order={3} size="h5">
                    {step.title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {step.text}
                  </Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </>
  );
}
