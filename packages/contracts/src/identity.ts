import {
  CURP_SEXES,
  type CurpProblem,
  checkCurp,
  checkRfc,
  type ExpedienteGap,
  PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS,
  type RfcProblem,
} from '@prestaya/domain';
import { envelope } from './common.ts';
import { isAllowedText } from './text.ts';
import { z } from './zod.ts';

/**
 * Identity checks of a customer (CURP, RFC) and of their file ('Expediente'), worded in Spanish. The
 * rules themselves are @prestaya/domain's identity.ts and expediente.ts.
 */

export const CURP_REQUIRED_MESSAGE = 'CURP es requerido';
export const CURP_LENGTH_MESSAGE = 'Debe ser de 18 caracteres';
export const CURP_FORBIDDEN_MESSAGE = 'CURP contiene caracteres no permitidos';

/** One message per problem of a CURP of 18 characters, in the order the checks run. */
export const CURP_MESSAGES = {
  structure:
    'La CURP no tiene el formato correcto: 4 letras, 6 dígitos de la fecha de nacimiento, sexo, estado, 3 consonantes y 2 caracteres finales',
  date: 'La CURP tiene una fecha de nacimiento que no existe',
  sex: 'El sexo de la CURP debe ser H (hombre), M (mujer) o X (no binario)',
  state: 'La CURP tiene un estado de nacimiento que no existe',
  check_digit: 'El dígito verificador de la CURP no corresponde',
} as const satisfies Record<Exclude<CurpProblem, 'length'>, string>;

export const UNDER_AGE_MESSAGE = 'El solicitante debe ser mayor de edad (18 años)';

/**
 * What the table itself holds a CURP to (present, 18 characters counted as characters, so an emoji is
 * one, allowed text), or null.
 */
function curpShapeMessage(curp: string): string | null {
  if (curp === '') return CURP_REQUIRED_MESSAGE;
  if ([...curp].length !== 18) return CURP_LENGTH_MESSAGE;
  if (!isAllowedText(curp)) return CURP_FORBIDDEN_MESSAGE;
  return null;
}

/** What is wrong with a CURP already trimmed and in capitals, the shape first, or null. */
export function curpMessage(curp: string): string | null {
  const shape = curpShapeMessage(curp);
  if (shape) return shape;
  const check = checkCurp(curp);
  if (check.ok) return null;
  return check.problem === 'length' ? CURP_LENGTH_MESSAGE : CURP_MESSAGES[check.problem];
}

const curpText = z.string({ error: CURP_REQUIRED_MESSAGE }).trim().toUpperCase();
const curpChecked = (messageOf: (curp: string) => string | null) =>
  curpText.superRefine((curp, ctx) => {
    const message = messageOf(curp);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A CURP as a new customer gives it: every check, one message. */
export const curpField = curpChecked(curpMessage);

/**
 * A CURP on an edit: only its shape. A customer saved before the full check may hold a CURP it
 * refuses; editing their phone must not require fixing it first, so the server applies the full check
 * only when the CURP changes (and the form likewise).
 */
export const storedCurpField = curpChecked(curpShapeMessage);

/** One message per problem of an RFC (persona física, 13 characters). */
export const RFC_MESSAGES = {
  length: 'El RFC debe ser de 13 caracteres (persona física)',
  structure:
    'El RFC no tiene el formato correcto: 4 letras, 6 dígitos de la fecha y 3 caracteres de homoclave',
  date: 'El RFC tiene una fecha que no existe',
  check_digit: 'El dígito verificador del RFC no corresponde',
} as const satisfies Record<RfcProblem, string>;

/** The optional RFC: blank is "not given" (null); otherwise trimmed, in capitals and checked. */
export const rfcField = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((rfc, ctx) => {
    if (rfc === '') return;
    if (!isAllowedText(rfc))
      return ctx.addIssue({ code: 'custom', message: 'RFC contiene caracteres no permitidos' });
    const check = checkRfc(rfc);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: RFC_MESSAGES[check.problem] });
  })
  .nullish()
  .transform((rfc) => (rfc ? rfc : null));

export const CURP_SEX_LABELS = CURP_SEXES;

/** How each gap of an expediente reads on its badge; the window is the setting's months. */
export function expedienteGapLabel(gap: ExpedienteGap, maxMonths: number): string {
  switch (gap) {
    case 'INE_FRONT':
      return 'INE (frente)';
    case 'INE_BACK':
      return 'INE (reverso)';
    case 'PROOF_OF_ADDRESS':
      return 'Comprobante de domicilio';
    case 'PROOF_OF_ADDRESS_EXPIRED':
      return `Comprobante de domicilio vencido (más de ${maxMonths} ${maxMonths === 1 ? 'mes' : 'meses'})`;
  }
}

export const EXPEDIENTE_GAPS = [
  'INE_FRONT',
  'INE_BACK',
  'PROOF_OF_ADDRESS',
  'PROOF_OF_ADDRESS_EXPIRED',
] as const;

/** `GET /customers/{id}/expediente`: complete, or the gaps with their labels. */
export const expediente = z.object({
  complete: z.boolean(),
  missing: z.array(z.object({ gap: z.enum(EXPEDIENTE_GAPS), label: z.string() })),
  /** The window of the proof of address this answer used (identity settings). */
  proofOfAddressMaxMonths: z.number().int(),
});
export type Expediente = z.infer<typeof expediente>;
export const expedienteReply = envelope(expediente);

const monthsMessage = `Los meses deben ser un número entero entre ${PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS.min} y ${PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS.max}`;

/** `GET/PUT /identity-settings` (administrators). */
export const identitySettings = z
  .object({
    requireCompleteExpediente: z.boolean({ error: 'Indique si se exige el expediente completo' }),
    proofOfAddressMaxMonths: z
      .number({ error: monthsMessage })
      .int(monthsMessage)
      .min(PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS.min, monthsMessage)
      .max(PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS.max, monthsMessage),
  })
  .strict();
export type IdentitySettings = z.infer<typeof identitySettings>;
export const identitySettingsReply = envelope(identitySettings);
