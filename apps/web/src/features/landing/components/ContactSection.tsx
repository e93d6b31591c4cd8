import { Anchor, Box, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import {
  BUSINESS_SETTING_KEYS,
  type BusinessSettings,
  blockEnd,
  blockStart,
  formatPhone,
  type LandingBlock,
  type LandingSlot,
  phoneHref,
  slotMark,
  whatsappHref,
} from '@prestaya/contracts/plain';
import { IconBrandWhatsapp, IconClock, IconMapPin, IconMessageReport, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * Where the landing's contact data comes from: the business's settings as they are (a render in the
 * browser, tests), or 'template', the build's prerender, which writes slot marks the server fills
 * with the settings on every visit (`fillLandingSlots` in @prestaya/contracts).
 */
export type LandingContact = BusinessSettings | 'template';

function slotValue(contact: LandingContact, slot: LandingSlot): string {
  if (contact === 'template') return slotMark(slot);
  switch (slot) {
    case 'phone':
      return contact.phone ? formatPhone(contact.phone) : '';
    case 'phoneHref':
      return contact.phone ? phoneHref(contact.phone) : '';
    case 'whatsapp':
      return contact.whatsapp ? formatPhone(contact.whatsapp) : '';
    case 'whatsappHref':
      return contact.whatsapp ? whatsappHref(contact.whatsapp) : '';
    default:
      return contact[slot] ?? '';
  }
}

/**
 * Shown only when its setting is set (the whole section: when any is); in the template, between its
 * marks. Both render the same three children, so React's ids (useId: Mantine's inline styles) are the
 * same in the server-filled template and in a render of the settings.
 */
function Block({
  contact,
  block,
  children,
}: {
  contact: LandingContact;
  block: LandingBlock;
  children: ReactNode;
}) {
  const template = contact === 'template';
  const shown =
    template ||
    (block === 'contact' ? BUSINESS_SETTING_KEYS.some((key) => contact[key]) : Boolean(contact[block]));
  return (
    <>
      {template ? blockStart(block) : ''}
      {shown ? children : null}
      {template ? blockEnd(block) : ''}
    </>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box mt={2} style={{ flexShrink: 0 }}>
        {icon}
      </Box>
      {children}
    </Group>
  );
}

/**
 * 'Contacto': the business's name, phone, WhatsApp, address, hours and complaints contact, each only
 * when the administrators set it ('Configuración'); nothing at all when none is set.
 */
export function ContactSection({ contact }: { contact: LandingContact }) {
  const value = (slot: LandingSlot) => slotValue(contact, slot);
  return (
    <Block contact={contact} block="contact">
      <Box bg="teal.9" c="white" py={{ base: 40, sm: 56 }} component="section" aria-labelledby="contacto">
        <Container size="lg">
          <Title order={2} size="h3" id="contacto" mb="md">
            Contacto
          </Title>
          <Block contact={contact} block="name">
            <Text fw={700} size="lg" mb="md">
              {value('name')}
            </Text>
          </Block>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Block contact={contact} block="phone">
              <Line icon={<IconPhone size={22} aria-hidden />}>
                <Anchor href={value('phoneHref')} c="white" fw={600} underline="always">
                  Teléfono {value('phone')}
                </Anchor>
              </Line>
            </Block>
            <Block contact={contact} block="whatsapp">
              <Line icon={<IconBrandWhatsapp size={22} aria-hidden />}>
                <Anchor
                  href={value('whatsappHref')}
                  target="_blank"
                  rel="noopener noreferrer"
                  c="white"
                  fw={600}
                  underline="always"
                >
                  WhatsApp {value('whatsapp')}
                </Anchor>
              </Line>
            </Block>
            <Block contact={contact} block="hours">
              <Line icon={<IconClock size={22} aria-hidden />}>
                <Text fw={600}>{value('hours')}</Text>
              </Line>
            </Block>
            <Block contact={contact} block="address">
              <Line icon={<IconMapPin size={22} aria-hidden />}>
                <Text fw={600}>{value('address')}</Text>
              </Line>
            </Block>
            <Block contact={contact} block="complaintsContact">
              <Line icon={<IconMessageReport size={22} aria-hidden />}>
                <Text fw={600}>Quejas y aclaraciones: {value('complaintsContact')}</Text>
              </Line>
            </Block>
          </SimpleGrid>
        </Container>
      </Box>
    </Block>
  );
}
