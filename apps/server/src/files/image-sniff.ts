/**
 * The type of a proof image, decided by its first bytes, never by its name or declared type
 * (docs/architecture.md "Payments": JPEG, PNG, WebP or HEIC checked by content). Pure.
 */
export type ProofImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** Bytes needed to decide: the longest check reads bytes 0..12. */
export const SNIFF_BYTES = 16;

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

export function sniffImageType(bytes: Uint8Array): ProofImageType | undefined {
  // JPEG: SOI marker followed by the start of another marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // PNG: the 8-byte signature.
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12) {
    // WebP: a RIFF container whose form type is WEBP.
    if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
    // HEIC/HEIF: an ISO-BMFF `ftyp` box whose major brand is one of the HEIF image brands.
    if (ascii(bytes, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(bytes, 8, 12))) return 'image/heic';
  }
  return undefined;
}
