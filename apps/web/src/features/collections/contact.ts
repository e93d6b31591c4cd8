import { type BusinessSettings, type CollectionCard, formatPesos, formatPhone } from '@prestaya/contracts';
import { dayjs, formatDate, fullName } from '../../lib/format.ts';
import { screenPaths } from '../../lib/paths.ts';

/**
 * The one-tap contact links of a Cobranza card and the Spanish texts they carry. Links only: the phone
 * opens its dialer, WhatsApp or the maps app; nothing here calls an external API.
 */

/** Mexico's country code: the customer's phone is 10 digits (contracts' `phone`). */
const COUNTRY_CODE = '52';

/** The 10 digits of a Mexican number, or null when `phone` is not one (nothing to dial). */
export function nationalDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 12 && digits.startsWith(COUNTRY_CODE) ? digits.slice(2) : digits;
  return /^\d{10}$/.test(national) ? national : null;
}

export function telLink(phone: string): string | null {
  const digits = nationalDigits(phone);
  return digits ? `tel:+${COUNTRY_CODE}${digits}` : null;
}

/** A chat with the customer on WhatsApp with `text` typed in, ready to send. */
export function whatsappLink(phone: string, text: string): string | null {
  const digits = nationalDigits(phone);
  return digits ? `https://wa.me/${COUNTRY_CODE}${digits}?text=${encodeURIComponent(text)}` : null;
}

type Address = NonNullable<CollectionCard['address']>;

/** 'Av. Juárez 120 int. 3, Centro, C.P. 06000, Cuauhtémoc, Ciudad de México'. */
export function addressLine(address: Address): string {
  const interior = address.numInterior ? ` int. ${address.numInterior}` : '';
  return [
    `${address.street} ${address.numExterior}${interior}`,
    address.neighborhood,
    `C.P. ${address.postalCode}`,
    address.city,
    address.state,
  ]
    .filter((part) => part.trim())
    .join(', ');
}

/** A maps search of the address (Google Maps' universal link opens the phone's app). */
export function mapsLink(address: Address | null): string | null {
  if (!address) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine(address))}`;
}

/** The borrower's public statement (public.html's /loans/:id), on this server. */
export function statementUrl(origin: string, loanId: string): string {
  return `${origin}${screenPaths.publicLoan(loanId)}`;
}

/** The customer's first name and last name, as a message greets them. */
const greeting = (customer: CollectionCard['customer']) =>
  `Hola ${fullName({ name: customer.name, lastName: customer.lastName })}`;

/** When the oldest installment due falls, in the reminder's words. */
function dueWords(card: CollectionCard): string {
  if (!card.oldestDueDate) return 'por multas pendientes';
  if (card.daysLate > 0) return `vencido desde el ${formatDate(card.oldestDueDate)}`;
  if (card.daysLate === 0) return `que vence hoy ${formatDate(card.oldestDueDate)}`;
  return `que vence el ${dayjs(card.oldestDueDate).format('dddd')} ${formatDate(card.oldestDueDate)}`;
}

/**
 * The business as a message names it ('Configuración'), or nothing: without settings (not saved yet,
 * or not loaded on a phone without signal) a message names no business and no number rather than a
 * made-up one.
 */
type Business = BusinessSettings | null | undefined;

/** 'Dudas o aclaraciones: 55 8765 4321.' with the business's phone (else its WhatsApp), or nothing. */
function contactSentence(business: Business): string {
  const number = business?.phone ?? business?.whatsapp;
  return number ? `Dudas o aclaraciones: ${formatPhone(number)}.` : '';
}

/** The payment reminder: name, amount due, due date, loan number, the statement link, the business's number. */
export function reminderMessage(card: CollectionCard, origin: string, business?: Business): string {
  return [
    `${greeting(card.customer)}${business?.name ? `, le saluda ${business.name}` : ''}.`,
    `Le recordamos su pago de ${formatPesos(card.due.total)} del préstamo No. ${card.loan.num}, ${dueWords(card)}.`,
    `Consulte su estado de cuenta: ${statementUrl(origin, card.loan.id)}`,
    contactSentence(business),
    'Gracias.',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ReceiptFacts {
  customer: CollectionCard['customer'];
  loan: { id: string; num: number };
  folio: string;
  /** Pesos, the amount the server computed. */
  amount: number;
  /** Pesos still owed once this payment is confirmed; null when it could not be read. */
  remaining: number | null;
}

/** The receipt shared after 'Cobrar': folio, amount, remaining balance, the statement link, the business's number. */
export function receiptMessage(facts: ReceiptFacts, origin: string, business?: Business): string {
  const received = business?.name ? `${business.name} recibió` : 'recibimos';
  return [
    `${greeting(facts.customer)}, ${received} su pago en efectivo de ${formatPesos(facts.amount)} del préstamo No. ${facts.loan.num}.`,
    `Folio: ${facts.folio}.`,
    facts.remaining === null ? '' : `Saldo restante: ${formatPesos(facts.remaining)}.`,
    `Estado de cuenta: ${statementUrl(origin, facts.loan.id)}`,
    contactSentence(business),
    'Gracias por su pago.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The card's chip: 'Vence hoy', 'Atrasado N días', a day later this week, or only fines. */
export function dueChip(
  card: Pick<CollectionCard, 'oldestDueDate' | 'daysLate'> & Partial<Pick<CollectionCard, 'due' | 'promise'>>,
): {
  label: string;
  color: string;
} {
  if (!card.oldestDueDate) {
    // On 'Hoy' with nothing due but a promise for today.
    if (card.promise && card.due?.fees.length === 0) return { label: 'Promesa para hoy', color: 'grape' };
    return { label: 'Multas pendientes', color: 'orange' };
  }
  if (card.daysLate > 0) {
    return { label: `Atrasado ${card.daysLate} ${card.daysLate === 1 ? 'día' : 'días'}`, color: 'red' };
  }
  if (card.daysLate === 0) return { label: 'Vence hoy', color: 'orange' };
  return { label: `Vence el ${dayjs(card.oldestDueDate).format('dddd D')}`, color: 'blue' };
}
