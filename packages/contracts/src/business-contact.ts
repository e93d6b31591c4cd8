/**
 * The business's own contact data as borrowers see it (the landing, the public statement, receipts and
 * WhatsApp texts), without zod: the borrower's pages import it through `@prestaya/contracts/plain`.
 * The schemas that validate it are in business-settings.ts.
 */

/**
 * What `GET /api/v1/settings/business` answers: every field the administrators set for borrowers,
 * null when not set (then nothing stands in for it). A later setting is one more key here, in
 * BUSINESS_SETTING_KEYS and in the schemas.
 */
export interface BusinessSettings {
  name: string | null;
  /** 10 digits. */
  phone: string | null;
  /** 10 digits. */
  whatsapp: string | null;
  address: string | null;
  hours: string | null;
  complaintsContact: string | null;
  /** The lender's legal name on the contract documents (absent when not set). */
  legalName?: string;
  /** The contract's registration number in CONDUSEF's RECA (absent when not set). */
  recaNumber?: string;
}

export const BUSINESS_SETTING_KEYS = [
  'name',
  'phone',
  'whatsapp',
  'address',
  'hours',
  'complaintsContact',
] as const satisfies readonly (keyof BusinessSettings)[];

export const NO_BUSINESS_SETTINGS: BusinessSettings = {
  name: null,
  phone: null,
  whatsapp: null,
  address: null,
  hours: null,
  complaintsContact: null,
};

/** Reads a reply's `data` as BusinessSettings, keeping only strings (anything else is "not set"). */
export function readBusinessSettings(data: unknown): BusinessSettings {
  const source = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const settings = { ...NO_BUSINESS_SETTINGS };
  for (const key of BUSINESS_SETTING_KEYS) {
    const value = source[key];
    settings[key] = typeof value === 'string' && value.trim() ? value : null;
  }
  return settings;
}

/** Mexico's country code: the business's numbers are 10 digits, like every phone in the product. */
const COUNTRY_CODE = '52';

/** '5512345678' → '55 1234 5678' (any other value as it is). */
export function formatPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}` : phone;
}

/** The dialer link of a 10-digit number. */
export const phoneHref = (phone: string) => `tel:+${COUNTRY_CODE}${phone}`;

/** A WhatsApp chat with a 10-digit number. */
export const whatsappHref = (phone: string) => `https://wa.me/${COUNTRY_CODE}${phone}`;

/**
 * The contact lines a printed statement or receipt ends with, only those that are set:
 * 'Tel. 55 1234 5678', 'WhatsApp 55 8765 4321', the address, the hours, 'Quejas y aclaraciones: …'.
 */
export function businessContactLines(settings: BusinessSettings): string[] {
  return [
    settings.phone && `Tel. ${formatPhone(settings.phone)}`,
    settings.whatsapp && `WhatsApp ${formatPhone(settings.whatsapp)}`,
    settings.address,
    settings.hours && `Horario: ${settings.hours}`,
    settings.complaintsContact && `Quejas y aclaraciones: ${settings.complaintsContact}`,
  ].filter((line): line is string => Boolean(line));
}

/**
 * The landing page is plain HTML without scripts (apps/web src/public/prerender.tsx), so the server
 * writes the business's data into it when it serves it: the build renders the contact section with
 * the slot marks below, and `fillLandingSlots` (run by the server on every `/`) puts each value in its
 * place, escaped, and removes every block whose value is not set (the whole section when none is).
 */
export const LANDING_SLOTS = {
  name: 'name',
  phone: 'phone',
  phoneHref: 'phoneHref',
  whatsapp: 'whatsapp',
  whatsappHref: 'whatsappHref',
  address: 'address',
  hours: 'hours',
  complaintsContact: 'complaintsContact',
} as const;
export type LandingSlot = keyof typeof LANDING_SLOTS;

/** The blocks the server keeps or removes: one per setting, and 'contact', the whole section. */
export type LandingBlock = (typeof BUSINESS_SETTING_KEYS)[number] | 'contact';

/** Text React writes unescaped (letters, digits, '@', '.', ':'), so the server finds it as written. */
export const slotMark = (slot: LandingSlot) => `@@slot:${slot}@@`;
export const blockStart = (block: LandingBlock) => `@@begin:${block}@@`;
export const blockEnd = (block: LandingBlock) => `@@end:${block}@@`;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** React writes `<!-- -->` between adjacent text nodes: a mark may sit beside one. */
const SEPARATOR = '(?:<!-- -->)?';

function removeBlock(html: string, block: LandingBlock): string {
  const start = html.indexOf(blockStart(block));
  const end = html.indexOf(blockEnd(block));
  if (start < 0 || end < start) return html;
  return html.slice(0, start) + html.slice(end + blockEnd(block).length);
}

/**
 * The landing's HTML with the business's data: each set value in its slots (HTML-escaped), each
 * block of an unset value removed, the contact section removed when nothing is set, and no mark left.
 */
export function fillLandingSlots(html: string, settings: BusinessSettings): string {
  let page = html;
  const anything = BUSINESS_SETTING_KEYS.some((key) => settings[key]);
  if (!anything) page = removeBlock(page, 'contact');
  for (const key of BUSINESS_SETTING_KEYS) if (!settings[key]) page = removeBlock(page, key);
  const values: Record<LandingSlot, string> = {
    name: settings.name ?? '',
    phone: settings.phone ? formatPhone(settings.phone) : '',
    phoneHref: settings.phone ? phoneHref(settings.phone) : '',
    whatsapp: settings.whatsapp ? formatPhone(settings.whatsapp) : '',
    whatsappHref: settings.whatsapp ? whatsappHref(settings.whatsapp) : '',
    address: settings.address ?? '',
    hours: settings.hours ?? '',
    complaintsContact: settings.complaintsContact ?? '',
  };
  for (const slot of Object.keys(LANDING_SLOTS) as LandingSlot[]) {
    page = page.split(slotMark(slot)).join(escapeHtml(values[slot]));
  }
  // The marks of the blocks kept, with the separators React wrote beside them.
  return page.replace(new RegExp(`${SEPARATOR}@@(?:begin|end):\\w+@@${SEPARATOR}`, 'g'), '');
}
