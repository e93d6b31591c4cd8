/**
 * The file name of a `Content-Disposition` header (RFC 6266): `filename*` (RFC 5987, percent-encoded
 * UTF-8) wins over `filename`. Anything that could name a path is dropped; null when there is no name.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const decoded = decodeURIComponent(extended[2].trim());
      const name = sanitize(decoded);
      if (name) return name;
    } catch {
      // Malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return sanitize(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return sanitize(bare[1]);
  return null;
}

function sanitize(name: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : null;
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
