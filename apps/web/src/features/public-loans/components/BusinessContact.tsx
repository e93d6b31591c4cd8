import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { formatPhone, phoneHref, whatsappHref } from '@prestaya/contracts/plain';
import { useBusinessSettings } from '../api/business-settings.ts';

/**
 * '¿Dudas o aclaraciones?': the business's name, phone, WhatsApp, address, hours and complaints
 * contact under a statement or a payment's folio, only the lines the administrators set; nothing at
 * all while none is set or the settings cannot be read.
 */
export function BusinessContact() {
  const settings = useBusinessSettings();
  if (!settings) return null;
  const { name, phone, whatsapp, address, hours, complaintsContact } = settings;
  if (![phone, whatsapp, address, hours, complaintsContact].some(Boolean)) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="aclaraciones"
    >
      <Stack gap={6}>
        <Title order={2} size="h5" id="aclaraciones">
          ¿Dudas o aclaraciones?
        </Title>
        {name && <Text fw={600}>{name}</Text>}
        {phone && (
          <Text size="sm">
            Teléfono <Anchor href={phoneHref(phone)}>{formatPhone(phone)}</Anchor>
          </Text>
        )}
        {whatsapp && (
          <Text size="sm">
            WhatsApp{' '}
            <Anchor href={whatsappHref(whatsapp)} target="_blank" rel="noopener noreferrer">
              {formatPhone(whatsapp)}
            </Anchor>
          </Text>
        )}
        {address && <Text size="sm">{address}</Text>}
        {hours && <Text size="sm">Horario: {hours}</Text>}
        {complaintsContact && <Text size="sm">Quejas y aclaraciones: {complaintsContact}</Text>}
      </Stack>
    </Paper>
  );
}
