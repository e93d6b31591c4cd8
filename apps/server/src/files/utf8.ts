/**
 * Strict UTF-8: a body with broken bytes (an overlong `C0 80`, an encoded surrogate `ED A0 80`, a
 * truncated sequence) is refused rather than read with U+FFFD in place of each bad byte, which would
 * then be stored as if the client had typed it. A leading byte order mark is dropped, as JSON allows.
 */
const strict = new TextDecoder('utf-8', { fatal: true });

/** The text of `bytes`, or undefined when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strict.decode(bytes);
  } catch {
    return undefined;
  }
}

export const INVALID_UTF8_DETAIL = 'El cuerpo de la solicitud no es UTF-8 válido';
