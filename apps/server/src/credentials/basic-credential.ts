/**
 * The agent credential of a public payment: `Authorization: Basic base64(userNum:pin)` (docs/architecture.md
 * "People and access"). Pure parsing; anything that is not exactly that shape is `undefined`, and the
 * caller answers every refusal with the same generic 401.
 *
 * - `userNum`: the user's short number, 1–9 digits (an int4 key), no sign, no spaces.
 * - `pin`: what was typed, 1–32 characters without control characters. It is not checked against the
 *   4–6 digit PIN format here: a wrong-shaped PIN is just a wrong PIN (it counts towards the lockout).
 */

export interface AgentCredential {
  userNum: number;
  pin: string;
}

const HEADER = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i;
const USER_NUM = /^[1-9]\d{0,8}$/;
const PIN = /^[^\p{Cc}]{1,32}$/u;

function decodeBase64Strict(encoded: string): string | undefined {
  if (encoded.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(encoded, 'base64');
  // Non-canonical encodings (stray bits) do not round-trip.
  if (bytes.toString('base64') !== encoded) return undefined;
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    return text.decode(bytes);
  } catch {
    return undefined;
  }
}

export function parseAgentCredential(header: string | undefined): AgentCredential | undefined {
  if (header === undefined || header.length > 200) return undefined;
  const encoded = HEADER.exec(header)?.[1];
  if (!encoded) return undefined;
  const decoded = decodeBase64Strict(encoded);
  if (decoded === undefined) return undefined;
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const num = decoded.slice(0, colon);
  const pin = decoded.slice(colon + 1);
  if (!USER_NUM.test(num) || !PIN.test(pin)) return undefined;
  return { userNum: Number(num), pin };
}
