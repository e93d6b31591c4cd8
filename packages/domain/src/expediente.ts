/**
 * The identity file ('Expediente') a customer needs before a loan is approved: both sides of the INE
 * and a proof of address issued at most N months before the day it is judged (N is a setting:
 * lenders usually ask for a bill of the last 3 months). Also the minimum age of an applicant.
 */

import { ageOn } from './identity.ts';

/** Mexican civil majority (Código Civil Federal, art. 646): a minor cannot sign a loan. */
export const MIN_APPLICANT_AGE = 18;

/** Whether someone born on `birthDate` is of age on `today` (both 'YYYY-MM-DD'). */
export const isOfAgeOn = (birthDate: string, today: string): boolean =>
  ageOn(birthDate, today) >= MIN_APPLICANT_AGE;

/** How old a proof of address may be, in months, unless an administrator sets otherwise. */
export const DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS = 3;
export const PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS = { min: 1, max: 12 } as const;

/** What an expediente lacks, in the order the badge lists it; packages/contracts words each one. */
export type ExpedienteGap = 'INE_FRONT' | 'INE_BACK' | 'PROOF_OF_ADDRESS' | 'PROOF_OF_ADDRESS_EXPIRED';

export interface ExpedienteDocument {
  type: string;
  /** The proof of address's own date ('YYYY-MM-DD'); null for other types and for undated uploads. */
  documentDate: string | null;
}

export type ExpedienteState = { complete: true; missing: [] } | { complete: false; missing: ExpedienteGap[] };

/**
 * The day `months` calendar months before `day`; when that month is shorter, its last day
 * (31 May minus 3 months is 28 or 29 February).
 */
export function monthsBefore(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 - months;
  const target = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const dayOfMonth = Math.min(Number(day.slice(8, 10)), lastDay);
  return `${target.toISOString().slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;
}

/**
 * Complete, or what is missing, on `today`. A proof of address counts when its date is on or after
 * the day `maxMonths` months before `today`; the newest dated proof decides. A proof uploaded without
 * a date cannot show it is current, so it counts as no proof at all: staff upload it again with its
 * date rather than read it as expired.
 */
export function expedienteState(
  documents: readonly ExpedienteDocument[],
  today: string,
  maxMonths: number = DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS,
): ExpedienteState {
  const missing: ExpedienteGap[] = [];
  if (!documents.some((d) => d.type === 'INE_FRONT')) missing.push('INE_FRONT');
  if (!documents.some((d) => d.type === 'INE_BACK')) missing.push('INE_BACK');
  const proofDates = documents
    .filter((d) => d.type === 'PROOF_OF_ADDRESS' && d.documentDate !== null)
    .map((d) => d.documentDate as string)
    .sort();
  const newest = proofDates.at(-1);
  if (newest === undefined) missing.push('PROOF_OF_ADDRESS');
  else if (newest < monthsBefore(today, maxMonths)) missing.push('PROOF_OF_ADDRESS_EXPIRED');
  return missing.length === 0 ? { complete: true, missing: [] } : { complete: false, missing };
}
