import type { BusinessSettings } from './business-contact.ts';
import { envelope } from './common.ts';
import { optionalText } from './text.ts';
import { z } from './zod.ts';

/** A 10-digit number that may be left blank (blank → null), named in its message. */
function optionalPhone(label: string) {
  return z
    .string({ error: `${label} debe ser de 10 dígitos` })
    .trim()
    .regex(/^(\d{10})?$/, `${label} debe ser de 10 dígitos`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * `PUT /api/v1/settings/business` (administrators): the business's data borrowers see. Every field is
 * optional (blank → not set, and nothing is shown in its place); the form validates with this schema.
 * A new setting is a key here, a column of `business_settings` and a key in business-contact.ts.
 */
export const businessSettingsInput = z
  .object({
    name: optionalText({ label: 'El nombre del negocio', max: 80 }),
    phone: optionalPhone('El teléfono'),
    whatsapp: optionalPhone('El WhatsApp'),
    address: optionalText({ label: 'El domicilio', max: 200 }),
    hours: optionalText({ label: 'El horario', max: 120 }),
    complaintsContact: optionalText({ label: 'El contacto para quejas', max: 200 }),
    legalName: optionalText({ label: 'La razón social', feminine: true, max: 120 }),
    recaNumber: optionalText({ label: 'El número de registro RECA', max: 60 }),
  })
  .strict();
export type BusinessSettingsInput = z.input<typeof businessSettingsInput>;

export const businessSettings = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  address: z.string().nullable(),
  hours: z.string().nullable(),
  complaintsContact: z.string().nullable(),
  // The contract documents' data: present only once set, so a reply keeps its shape until then.
  legalName: z.string().optional(),
  recaNumber: z.string().optional(),
}) satisfies z.ZodType<BusinessSettings>;

/** Reply of `GET` (anyone: the landing and the public statement show it) and `PUT`. */
export const businessSettingsReply = envelope(businessSettings);
