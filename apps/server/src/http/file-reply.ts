/**
 * The headers of every stored file's reply (proof images, customer documents; docs/reliability.md
 * "Uploads"). Only an image this server decoded and wrote again (`reencoded`) is served inline; a PDF,
 * a HEIC photo and a file stored before re-encoding existed are attachments, so a browser saves them
 * instead of opening them on this origin (a PDF's OpenAction script, HTML behind an image header).
 * Every reply also forbids sniffing and carries a CSP `sandbox` without scripts, in case a browser
 * renders one anyway. An <img> shows an attachment as it shows an inline image.
 */
export const FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/**
 * `inline` or `attachment`, with the name: plain ASCII in `filename` (anything else becomes '_'), the
 * exact name in `filename*` (RFC 6266), so 'Guardar' offers the name it was uploaded as.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string | null): string {
  if (!filename) return kind;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The reply headers of a stored file. `fallbackName` (without extension) names an attachment that has
 * no uploaded name, with the extension of its type.
 */
export function fileReplyHeaders(
  file: { bytes: Buffer; contentType: string; reencoded: boolean },
  filename: string | null,
  fallbackName: string,
): Record<string, string> {
  const name = filename ?? `${fallbackName}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
  return {
    'cache-control': 'private, max-age=300',
    'content-type': file.contentType,
    'content-length': String(file.bytes.length),
    'content-disposition': file.reencoded
      ? contentDisposition('inline', filename)
      : contentDisposition('attachment', name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': FILE_CSP,
    'x-frame-options': 'DENY',
  };
}
