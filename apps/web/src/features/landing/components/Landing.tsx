import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCalendarCheck,
  IconCheck,
  IconDeviceMobile,
  IconSearch,
  IconShieldCheck,
} from '@tabler/icons-react';
import { ContactSection, type LandingContact } from './ContactSection.tsx';

const features = [
  {
    icon: IconCalendarCheck,
    title: 'Pagos semanales fijos',
    text: '12 pagos semanales del mismo monto: desde el primer día sabes cuánto y cuándo pagar.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Consulta en línea',
    text: 'Revisa tus pagos pendientes y tu estado de cuenta desde tu celular, cuando quieras.',
  },
  {
    icon: IconShieldCheck,
    title: 'Atención personal',
    text: 'Un agente te acompaña desde la solicitud hasta tu último pago y valida cada pago que haces.',
  },
];

const steps = [
  {
    title: 'Solicita',
    text: 'Acércate a tu agente con tus documentos. Revisamos tu solicitud y te decimos el monto aprobado.',
  },
  {
    title: 'Recibe tu dinero',
    text: 'Una vez aprobado, tu agente te entrega el préstamo y tu calendario de pagos.',
  },
  {
    title: 'Paga cada semana',
    text: 'Cubre tus 12 pagos semanales en efectivo o por transferencia; tu agente registra y valida cada uno.',
  },
];

const requirements = [
  'Identificación oficial vigente (INE)',
  'Comprobante de domicilio reciente',
  'CURP',
  'Teléfono celular de 10 dígitos',
];

/** Public landing page (docs/product.md §1): marketing text offering personal loans and the 'Conocer más' button. */
export function Landing({ contact }: { contact: LandingContact }) {
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        py={{ base: 40, sm: 88 }}
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
            <Title order={1} id="hero-title" fz={{ base: 32, sm: 50 }} lh={1.1}>
              El dinero que necesitas, con pagos claros cada semana
            </Title>
            <Text size="lg" c="dimmed">
              En PrestaYa te prestamos de forma rápida y sencilla. Sin letras pequeñas: conoces desde el
              inicio tu plan de 12 pagos semanales y puedes consultarlo cuando quieras.
            </Text>
            <Group gap="sm">
              <Button
                component="a"
                href="#como-funciona"
                size="lg"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Conocer más
              </Button>
              <Button
                component="a"
                href="/consulta"
                size="lg"
                variant="default"
                leftSection={<IconSearch size={18} aria-hidden />}
              >
                Consultar mi préstamo
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

      <Box
        bg="gray.0"
        py={{ base: 40, sm: 64 }}
        component="section"
        id="como-funciona"
        aria-labelledby="como-funciona-title"
        style={{ scrollMarginTop: 76 }}
      >
        <Container size="lg">
          <Title order={2} id="como-funciona-title" ta="center" mb="xl">
            Cómo funciona
          </Title>
          <SimpleGrid
            cols={{ base: 1, sm: 3 }}
            spacing="lg"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {steps.map((step, index) => (
              <Group key={step.title} component="li" align="flex-start" wrap="nowrap" gap="md">
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

      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Paper
            component="section"
            aria-labelledby="requisitos"
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'xl' }}
          >
            <Title order={2} size="h3" id="requisitos" mb="md">
              Requisitos
            </Title>
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {requirements.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Paper>

          <Paper
            component="section"
            aria-labelledby="consulta-tu-prestamo"
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'xl' }}
          >
            <Title order={2} size="h3" id="consulta-tu-prestamo" mb="md">
              Consulta tu préstamo
            </Title>
            <Text mb="md">
              Con tu número de préstamo y el teléfono que registraste puedes ver tus pagos pendientes, tus
              multas y registrar tu pago con la autorización de tu agente.
            </Text>
            <Button component="a" href="/consulta" leftSection={<IconSearch size={18} aria-hidden />}>
              Ir a Consulta
            </Button>
          </Paper>
        </SimpleGrid>
      </Container>

      <ContactSection contact={contact} />
    </>
  );
}
