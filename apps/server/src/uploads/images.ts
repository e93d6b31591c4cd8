import { availableParallelism } from 'node:os';
import sharp, { type Sharp } from 'sharp';
import type { ProofImageType } from '../files/image-sniff.ts';
import { refuse } from '../http/refusals.ts';
import { Semaphore } from './semaphore.ts';

/**
 * Uploaded images are decoded and written again before they are stored (docs/reliability.md
 * "Uploads"): a file whose first bytes say JPEG but whose rest is HTML does not decode and is refused;
 * a small file declaring more than `maxPixels` is refused from its header, before any pixel is
 * decoded; what is stored is the re-encoded copy, with no metadata (a phone's EXIF carries the GPS
 * position of the borrower's home) and turned upright by its EXIF orientation, so that copy alone may
 * be served inline. The work runs in libvips' threads, off the event loop, and at most `concurrency`
 * images at a time (each may take 4 bytes per pixel while it is decoded).
 *
 * HEIC: the prebuilt libvips has no HEVC decoder, so a HEIC photo cannot be decoded here; it is kept
 * as received and served only as an attachment (see `reencodable`).
 */

/** Images decoded at once: the machine's cores, at most 2 (a lender's server has few). */
export const IMAGE_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism()));

export type ReencodableType = Exclude<ProofImageType, 'image/heic'>;

export const reencodable = (type: string): type is ReencodableType =>
  type === 'image/jpeg' || type === 'image/png' || type === 'image/webp';

export type ReencodeResult =
  | { ok: true; bytes: Buffer; contentType: ReencodableType; width: number; height: number }
  | { ok: false; reason: 'unreadable' | 'too_many_pixels' };

export interface ImageReencoder {
  /** UPLOAD_MAX_IMAGE_PIXELS. */
  readonly maxPixels: number;
  reencode(bytes: Buffer, type: ReencodableType): Promise<ReencodeResult>;
}

// libvips' operation cache would keep decoded images alive between uploads: memory for nothing.
sharp.cache(false);

/** The same format, so a screenshot stays a lossless PNG and a photo a JPEG. */
function encode(image: Sharp, type: ReencodableType): Sharp {
  switch (type) {
    case 'image/jpeg':
      return image.jpeg({ quality: 85 });
    case 'image/png':
      return image.png({ compressionLevel: 6 });
    case 'image/webp':
      return image.webp({ quality: 85 });
  }
}

export function imageReencoder(options: { maxPixels: number; concurrency?: number }): ImageReencoder {
  const slots = new Semaphore(options.concurrency ?? IMAGE_CONCURRENCY);
  return {
    maxPixels: options.maxPixels,
    async reencode(bytes, type) {
      return slots.run(async () => {
        try {
          // failOn 'error': a phone's slightly damaged JPEG still decodes; one that does not decode is refused.
          const image = sharp(bytes, {
            limitInputPixels: options.maxPixels,
            failOn: 'error',
            autoOrient: true,
          });
          const { data, info } = await encode(image, type).toBuffer({ resolveWithObject: true });
          return { ok: true, bytes: data, contentType: type, width: info.width, height: info.height };
        } catch (error) {
          const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
          return { ok: false, reason: tooLarge ? 'too_many_pixels' : 'unreadable' };
        }
      });
    },
  };
}

/** A file as it is stored: `reencoded` marks the only files served inline (db/stored-files.ts). */
export interface FileToStore<T extends string = string> {
  bytes: Buffer;
  contentType: T;
  reencoded: boolean;
}

/**
 * The copy of a sniffed upload that is stored: a JPEG, PNG or WebP re-encoded (refused with the
 * route's own codes when it does not decode or has too many pixels); a HEIC or a PDF as received.
 */
export async function fileToStore<T extends string>(
  images: ImageReencoder,
  bytes: Buffer,
  type: T,
  refusals: {
    unreadable: 'upload.image_unreadable' | 'document.image_unreadable';
    tooManyPixels: 'upload.image_too_many_pixels' | 'document.image_too_many_pixels';
  },
): Promise<FileToStore<T>> {
  if (!reencodable(type)) return { bytes, contentType: type, reencoded: false };
  const result = await images.reencode(bytes, type);
  if (result.ok) return { bytes: result.bytes, contentType: type, reencoded: true };
  if (result.reason === 'unreadable') throw refuse(refusals.unreadable);
  throw refuse(refusals.tooManyPixels, { values: { max: String(Math.floor(images.maxPixels / 1_000_000)) } });
}
