/**
 * Contract templates ('Contrato', 'Pagaré'): plain text an administrator edits, with placeholders such as
 * `{{cliente.nombre}}` that the documents fill from the loan, its customer and the business settings.
 * Pure: which placeholders exist, which ones a text uses, and the filled text.
 */

/** Every placeholder a template may use, with what it stands for (shown on the editor). */
export const CONTRACT_PLACEHOLDERS = {
  'negocio.nombre': 'Nombre del negocio',
  'negocio.razon_social': 'Razón social',
  'negocio.domicilio': 'Domicilio del negocio',
  'negocio.reca': 'Número de registro RECA',
  'negocio.contacto_quejas': 'Contacto para quejas',
  'cliente.nombre': 'Nombre completo del cliente',
  'cliente.domicilio': 'Domicilio del cliente',
  'prestamo.numero': 'Número de préstamo',
  'prestamo.monto': 'Monto del préstamo',
  'prestamo.monto_letra': 'Monto del préstamo en letra',
  'prestamo.total': 'Total a pagar',
  'prestamo.total_letra': 'Total a pagar en letra',
  'prestamo.plazo': 'Plazo en semanas',
  'prestamo.pago_semanal': 'Pago semanal',
  'prestamo.tasa': 'Tasa de interés sobre el plazo',
  'prestamo.multa_diaria': 'Multa diaria',
  'prestamo.tope_multa': 'Tope de multas por pago',
  'prestamo.fecha_entrega': 'Fecha de entrega',
  'prestamo.fecha_ultimo_pago': 'Fecha del último pago',
  cat: 'CAT sin IVA, para fines informativos',
  'fecha.hoy': 'Fecha de emisión',
} as const;

export type ContractPlaceholder = keyof typeof CONTRACT_PLACEHOLDERS;
export type ContractValues = Record<ContractPlaceholder, string>;

export const CONTRACT_PLACEHOLDER_NAMES = Object.keys(CONTRACT_PLACEHOLDERS) as ContractPlaceholder[];

// A name inside double braces, spaces allowed around it: `{{ cliente.nombre }}`.
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function isContractPlaceholder(name: string): name is ContractPlaceholder {
  return Object.hasOwn(CONTRACT_PLACEHOLDERS, name);
}

/** The placeholders a text uses that do not exist, each once, in the order they appear. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!isContractPlaceholder(name)) unknown.add(name);
  }
  return [...unknown];
}

/** The text with every placeholder replaced by its value (unknown ones are left as written). */
export function fillContractTemplate(text: string, values: ContractValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    isContractPlaceholder(name) ? values[name] : whole,
  );
}

/** The documents whose text an administrator edits. */
export const CONTRACT_TEMPLATE_KINDS = ['CONTRACT', 'PROMISSORY_NOTE'] as const;
export type ContractTemplateKind = (typeof CONTRACT_TEMPLATE_KINDS)[number];

/** A template is at most this many characters (a few printed pages). */
export const MAX_CONTRACT_TEMPLATE_LENGTH = 20_000;
