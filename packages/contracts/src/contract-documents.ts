import {
  CONTRACT_PLACEHOLDER_NAMES,
  CONTRACT_PLACEHOLDERS,
  CONTRACT_TEMPLATE_KINDS,
  MAX_CONTRACT_TEMPLATE_LENGTH,
  unknownPlaceholders,
} from '@prestaya/domain';
import { envelope } from './common.ts';
import { isAllowedText } from './text.ts';
import { z } from './zod.ts';

export type { ContractTemplateKind } from '@prestaya/domain';
export { CONTRACT_PLACEHOLDERS, CONTRACT_TEMPLATE_KINDS, MAX_CONTRACT_TEMPLATE_LENGTH };

export const CONTRACT_TEMPLATE_LABELS = {
  CONTRACT: 'Contrato',
  PROMISSORY_NOTE: 'Pagaré',
} as const satisfies Record<(typeof CONTRACT_TEMPLATE_KINDS)[number], string>;

/** The allowed placeholders as an administrator writes them: '{{cliente.nombre}}, {{cat}}, …'. */
export const ALLOWED_PLACEHOLDERS_TEXT = CONTRACT_PLACEHOLDER_NAMES.map((name) => `{{${name}}}`).join(', ');

export function unknownPlaceholdersMessage(unknown: string[]): string {
  const names = unknown.map((name) => `{{${name}}}`).join(', ');
  return `${unknown.length === 1 ? 'Marcador desconocido' : 'Marcadores desconocidos'}: ${names}. Los permitidos son: ${ALLOWED_PLACEHOLDERS_TEXT}`;
}

export const contractTemplateParams = z.object({
  kind: z.enum(CONTRACT_TEMPLATE_KINDS, { error: 'Documento inválido' }),
});

/** `PUT /contract-templates/{kind}` (administrators): the new text; every placeholder must exist. */
export const contractTemplateInput = z
  .object({
    body: z
      .string({ error: 'Escriba el texto del documento' })
      .trim()
      .min(1, 'Escriba el texto del documento')
      .max(
        MAX_CONTRACT_TEMPLATE_LENGTH,
        `El texto no puede tener más de ${MAX_CONTRACT_TEMPLATE_LENGTH.toLocaleString('en-US')} caracteres`,
      )
      // Line breaks and tabs are text here; any other control or bidi-override character is not.
      .refine((text) => isAllowedText(text.replace(/[\n\r\t]/g, ' ')), {
        message: 'El texto tiene caracteres no permitidos',
      })
      .superRefine((text, context) => {
        const unknown = unknownPlaceholders(text);
        if (unknown.length)
          context.addIssue({ code: 'custom', message: unknownPlaceholdersMessage(unknown) });
      }),
  })
  .strict();
export type ContractTemplateInput = z.input<typeof contractTemplateInput>;

export const contractTemplate = z.object({
  kind: z.enum(CONTRACT_TEMPLATE_KINDS),
  body: z.string(),
  /** True while the project's default text is in use (never edited, or restored). */
  isDefault: z.boolean(),
  updatedOn: z.string().nullable(),
});
export type ContractTemplate = z.infer<typeof contractTemplate>;
export const contractTemplateReply = envelope(contractTemplate);
export const contractTemplateListReply = envelope(z.array(contractTemplate));

/** `GET|PUT /settings/contracts` (administrators): the contract policy. */
export const contractSettingsInput = z
  .object({ requireSignedContract: z.boolean({ error: 'Indique sí o no' }) })
  .strict();
export type ContractSettingsInput = z.input<typeof contractSettingsInput>;
export const contractSettings = z.object({ requireSignedContract: z.boolean() });
export type ContractSettings = z.infer<typeof contractSettings>;
export const contractSettingsReply = envelope(contractSettings);

const party = z.object({
  name: z.string().nullable(),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  recaNumber: z.string().nullable(),
  complaintsContact: z.string().nullable(),
  phone: z.string().nullable(),
});

/**
 * `GET /loans/{id}/contract`: everything the cover page ('Carátula'), the contract and the promissory
 * note print, decided by the server (figures, dates, the filled texts). Before delivery the installment
 * dates are those of a delivery today (`scheduleProjected`).
 */
export const loanContract = z.object({
  loan: z.object({
    id: z.string(),
    num: z.number().int(),
    status: z.string(),
    productName: z.string().nullable(),
    amount: z.number(),
    totalToRepay: z.number(),
    interestRate: z.number(),
    term: z.number().int(),
    installmentAmount: z.number(),
    dailyFee: z.number(),
    lateFeeCap: z.number(),
    lateFeeCapRate: z.number(),
    payoffDiscountRate: z.number(),
    requestDate: z.string(),
    activatedOn: z.string().nullable(),
    cat: z.number(),
  }),
  customer: z.object({
    id: z.string(),
    fullName: z.string(),
    address: z.string().nullable(),
    phone: z.string(),
  }),
  business: party,
  schedule: z.array(z.object({ paymentNumber: z.number().int(), dueDate: z.string(), amount: z.number() })),
  scheduleProjected: z.boolean(),
  contractText: z.string(),
  promissoryNoteText: z.string(),
  issuedOn: z.string(),
  /** The signed copy uploaded for this loan (the newest), if any. */
  signedContract: z.object({ id: z.string(), uploadedOn: z.string() }).nullable(),
  requireSignedContract: z.boolean(),
});
export type LoanContract = z.infer<typeof loanContract>;
export const loanContractReply = envelope(loanContract);

/**
 * `GET /loans/{id}/cat` (staff who see the loan) and `GET /public/api/v1/loans/{id}/cat`: the loan's CAT
 * in percent, one decimal, from its own terms. Its own reply, so every other loan reply keeps its shape.
 */
export const loanCat = z.object({ cat: z.number() });
export type LoanCat = z.infer<typeof loanCat>;
export const loanCatReply = envelope(loanCat);
