import { sniffImageType } from './image-sniff.ts';

/**
 * The type of a customer document, decided by its bytes, never by its name or declared type: one of
 * the proof images' types (image-sniff.ts), or a PDF. Pure.
 */
export type DocumentFileType = NonNullable<ReturnType<typeof sniffImageType>> | 'application/pdf';

/** How far from the end a PDF's `%%EOF` marker may be (writers may append a newline or padding). */
const PDF_TRAILER_WINDOW = 1024;

/**
 * A PDF starts with its header `%PDF-<major>.<minor>` and ends with `%%EOF`. Requiring both refuses a
 * text file named .pdf and a truncated upload, which a viewer could not open anyway.
 */
export function isPdf(bytes: Uint8Array): boolean {
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8)).toString('latin1');
  if (!/^%PDF-\d\.\d$/.test(header)) return false;
  const tailStart = Math.max(8, bytes.length - PDF_TRAILER_WINDOW);
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + tailStart, bytes.length - tailStart);
  return tail.includes('%%EOF', 0, 'latin1');
}

export function sniffDocumentType(bytes: Uint8Array): DocumentFileType | undefined {
  return sniffImageType(bytes) ?? (isPdf(bytes) ? 'application/pdf' : undefined);
}
