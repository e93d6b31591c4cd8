/**
 * The public lookup's rules without zod, so the borrower's page validates exactly like the server
 * (publicLookupQuery in public.ts uses the same messages and limits) without downloading zod.
 */
export const PUBLIC_LOOKUP_MESSAGES = {
  num: 'Número de préstamo inválido',
  phone: 'Tel. debe ser de 10 dígitos',
} as const;
export const MAX_LOAN_NUM = 2_147_483_647;
export const PHONE_PATTERN = /^\d{10}$/;

export type PublicLookupErrors = Partial<Record<'num' | 'phone', string>>;

/** Field errors of a lookup as typed (empty object when valid). */
export function checkPublicLookup(input: { num: string; phone: string }): PublicLookupErrors {
  const errors: PublicLookupErrors = {};
  const num = input.num.trim();
  if (!/^\d+$/.test(num) || Number(num) < 1 || Number(num) > MAX_LOAN_NUM)
    errors.num = PUBLIC_LOOKUP_MESSAGES.num;
  if (!PHONE_PATTERN.test(input.phone.trim())) errors.phone = PUBLIC_LOOKUP_MESSAGES.phone;
  return errors;
}

/** `Authorization: Basic base64(userNum:pin)` — the agent who authorises a public payment. */
export function agentCredentialHeader(userNum: string | number, pin: string): string {
  // Digits and ':' only, so btoa (browsers and Node 20) is safe.
  return `Basic ${btoa(`${userNum}:${pin}`)}`;
}
