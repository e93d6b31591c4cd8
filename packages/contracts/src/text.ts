import { z } from './zod.ts';

/**
 * The one rule for free text a person types (names, addresses, account data, movement reasons,
 * search queries). No field is multi-line, so every control character is refused, along with what
 * makes stored text lie or break:
 * - lone surrogates (a JSON `"\ud800"`): PostgreSQL would store U+FFFD instead;
 * - U+FFFD itself: the mark of bytes that were already broken before they reached us;
 * - C0/C1 controls and DEL (U+0000 cannot even be stored in PostgreSQL text), U+2028/U+2029;
 * - bidirectional controls (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069): a right-to-left override
 *   makes a name or concept read differently on screen, in CSV exports and in the audit trail;
 * - noncharacters (U+FDD0–U+FDEF, U+xFFFE/U+xFFFF), which are never valid text to interchange.
 * Leading and trailing whitespace is trimmed before the check (zod's trim), as forms always did.
 */
const FORBIDDEN =
  /[\p{Cs}\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFFD\p{Noncharacter_Code_Point}]/u;

/** True when `text` holds none of the characters above (an empty string is allowed text). */
export function isAllowedText(text: string): boolean {
  return !FORBIDDEN.test(text);
}

/**
 * How a field is named in its messages, e.g. `{ label: 'La calle', feminine: true }` gives
 * 'La calle es requerida', 'La calle admite como máximo 120 caracteres' and
 * 'La calle contiene caracteres no permitidos'.
 */
export interface TextLabel {
  label: string;
  feminine?: boolean;
  plural?: boolean;
  /** Longest accepted value, in UTF-16 units (zod's count; never below the column's own limit). */
  max: number;
  /** Shortest accepted value of a required field once trimmed (1 unless the field needs words). */
  min?: number;
}

export function textMessages({ label, feminine = false, plural = false, max }: TextLabel) {
  const ending = `${feminine ? 'a' : 'o'}${plural ? 's' : ''}`;
  return {
    required: `${label} ${plural ? 'son' : 'es'} requerid${ending}`,
    tooLong: `${label} ${plural ? 'admiten' : 'admite'} como máximo ${max} caracteres`,
    forbidden: `${label} ${plural ? 'contienen' : 'contiene'} caracteres no permitidos`,
  };
}

/** Runs only when the earlier checks passed, so one value gets one message. */
const afterOtherChecks = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** The checks every text field ends with: at most `max`, then only allowed characters. */
function lengthAndCharacters(text: z.ZodString, spec: TextLabel) {
  const messages = textMessages(spec);
  return text
    .max(spec.max, messages.tooLong)
    .refine(isAllowedText, { error: messages.forbidden, ...afterOtherChecks });
}

/** A required text field: trimmed, not empty, at least `min`, at most `max`, only allowed characters. */
export function requiredText(spec: TextLabel) {
  const { required } = textMessages(spec);
  const text = lengthAndCharacters(z.string({ error: required }).trim().min(1, required), spec);
  const { label, plural = false, min = 1 } = spec;
  const tooShort = `${label} ${plural ? 'deben' : 'debe'} tener al menos ${min} caracteres`;
  return min > 1
    ? text.refine((value) => value.length >= min, { error: tooShort, ...afterOtherChecks })
    : text;
}

/** An optional text field: absent, null or blank is "not given" and becomes null. */
export function optionalText(spec: TextLabel) {
  return lengthAndCharacters(z.string().trim(), spec)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A search or filter text: optional, trimmed, blank allowed (it means "no filter"). */
export function queryText(spec: TextLabel) {
  return lengthAndCharacters(z.string().trim(), spec).optional();
}
