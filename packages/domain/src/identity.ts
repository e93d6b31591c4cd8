/**
 * Mexican identity keys: the CURP (Clave Única de Registro de Población, RENAPO) and the RFC of a
 * persona física (SAT). Pure checks of structure, date and check digit, and what a CURP tells about
 * its holder (birth date, sex, state of birth). They say whether a key is well formed, not whether
 * RENAPO or SAT issued it: that takes their services, which the lender consults apart.
 */

import { isCalendarDate } from './calendar.ts';

/** The two letters of each state of birth in a CURP, and NE for someone born abroad. */
export const CURP_STATES = {
  AS: 'AGUASCALIENTES',
  BC: 'BAJA CALIFORNIA',
  BS: 'BAJA CALIFORNIA SUR',
  CC: 'CAMPECHE',
  CL: 'COAHUILA',
  CM: 'COLIMA',
  CS: 'CHIAPAS',
  CH: 'CHIHUAHUA',
  DF: 'CIUDAD DE MEXICO',
  DG: 'DURANGO',
  GT: 'GUANAJUATO',
  GR: 'GUERRERO',
  HG: 'HIDALGO',
  JC: 'JALISCO',
  MC: 'MEXICO',
  MN: 'MICHOACAN',
  MS: 'MORELOS',
  NT: 'NAYARIT',
  NL: 'NUEVO LEON',
  OC: 'OAXACA',
  PL: 'PUEBLA',
  QT: 'QUERETARO',
  QR: 'QUINTANA ROO',
  SP: 'SAN LUIS POTOSI',
  SL: 'SINALOA',
  SR: 'SONORA',
  TC: 'TABASCO',
  TS: 'TAMAULIPAS',
  TL: 'TLAXCALA',
  VZ: 'VERACRUZ',
  YN: 'YUCATAN',
  ZS: 'ZACATECAS',
  NE: 'NACIDO EN EL EXTRANJERO',
} as const;
export type CurpStateCode = keyof typeof CURP_STATES;

/** H (hombre), M (mujer) and X (no binario, which RENAPO issues since 2023). */
export const CURP_SEXES = { H: 'Hombre', M: 'Mujer', X: 'No binario' } as const;
export type CurpSex = keyof typeof CURP_SEXES;

/** Why a CURP is refused, in the order the checks run; packages/contracts words each one. */
export type CurpProblem = 'length' | 'structure' | 'date' | 'sex' | 'state' | 'check_digit';

export interface CurpFacts {
  birthDate: string;
  sex: CurpSex;
  stateCode: CurpStateCode;
  /** The state's name as the address form lists it; 'NACIDO EN EL EXTRANJERO' for NE. */
  state: string;
}

export type CurpCheck = { ok: true; facts: CurpFacts } | { ok: false; problem: CurpProblem };

// Four letters, six digits, sex, two letters, three consonants, the homoclave (a digit for a birth
// before 2000, a letter after) and the check digit. Ñ is written X in the key.
const CURP_SHAPE = /^[A-Z]{4}\d{6}[A-Z][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/;
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** The check digit of a CURP's first 17 characters (RENAPO's weights 18 down to 2, modulo 10). */
export function curpCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CURP_ALPHABET.indexOf(first17.charAt(i));
    if (value < 0) throw new RangeError(`Carácter inválido en la CURP: ${first17.charAt(i)}`);
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

/** A CURP's structure, birth date, sex, state and check digit; the facts it carries when valid. */
export function checkCurp(input: string): CurpCheck {
  const curp = input.trim().toUpperCase();
  if (curp.length !== 18) return { ok: false, problem: 'length' };
  if (!CURP_SHAPE.test(curp)) return { ok: false, problem: 'structure' };
  const century = /\d/.test(curp.charAt(16)) ? '19' : '20';
  const birthDate = `${century}${curp.slice(4, 6)}-${curp.slice(6, 8)}-${curp.slice(8, 10)}`;
  if (!isCalendarDate(birthDate)) return { ok: false, problem: 'date' };
  const sex = curp.charAt(10);
  if (!(sex in CURP_SEXES)) return { ok: false, problem: 'sex' };
  const stateCode = curp.slice(11, 13);
  if (!(stateCode in CURP_STATES)) return { ok: false, problem: 'state' };
  if (curpCheckDigit(curp.slice(0, 17)) !== curp.charAt(17)) return { ok: false, problem: 'check_digit' };
  const code = stateCode as CurpStateCode;
  return { ok: true, facts: { birthDate, sex: sex as CurpSex, stateCode: code, state: CURP_STATES[code] } };
}

/** Whole years from `birthDate` to `today` (both 'YYYY-MM-DD'): a birthday counts on its day. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** Why an RFC is refused; packages/contracts words each one. */
export type RfcProblem = 'length' | 'structure' | 'date' | 'check_digit';

// A persona física's RFC: four letters (Ñ and & allowed), the birth date YYMMDD, a two-character
// homoclave and the check digit (a digit or A).
const RFC_SHAPE = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{2}[0-9A]$/;
const RFC_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** The check digit of an RFC's first 12 characters (SAT's weights 13 down to 2, modulo 11). */
export function rfcCheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) {
    const value = RFC_ALPHABET.indexOf(first12.charAt(i));
    if (value < 0) throw new RangeError(`Carácter inválido en el RFC: ${first12.charAt(i)}`);
    sum += value * (13 - i);
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  return rest === 10 ? 'A' : String(rest);
}

/**
 * A persona física's RFC (13 characters): structure, date and check digit. The century of the date is
 * not in the key, so any YYMMDD that is a date in 1900–2099 passes.
 */
export function checkRfc(input: string): { ok: true } | { ok: false; problem: RfcProblem } {
  const rfc = input.trim().toUpperCase();
  if (rfc.length !== 13) return { ok: false, problem: 'length' };
  if (!RFC_SHAPE.test(rfc)) return { ok: false, problem: 'structure' };
  const date = `${rfc.slice(4, 6)}-${rfc.slice(6, 8)}-${rfc.slice(8, 10)}`;
  if (!isCalendarDate(`19${date}`) && !isCalendarDate(`20${date}`)) return { ok: false, problem: 'date' };
  if (rfcCheckDigit(rfc.slice(0, 12)) !== rfc.charAt(12)) return { ok: false, problem: 'check_digit' };
  return { ok: true };
}
