import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Real image files for the upload tests, made with sharp (the library the server decodes with) or,
 * where a file must lie about itself, byte by byte.
 */

/** A phone photo: a JPEG with EXIF (camera, GPS position of where it was taken) and an orientation. */
export async function photoWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f9e44' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 25/1 4237/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '99/1 7/1 4411/100',
      },
    })
    .toBuffer();
}

/** What sharp reads from stored bytes (throws when they do not decode). */
export async function imageOf(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  // Decoding every pixel, not only the header, proves the whole file is an image.
  await sharp(bytes).raw().toBuffer();
  return {
    format: metadata.format,
    width: metadata.width,
    height: metadata.height,
    hasExif: metadata.exif !== undefined,
    hasIcc: metadata.icc !== undefined,
  };
}

/** A JPEG's first bytes, then an HTML page with a script. */
export const htmlBehindJpegHeader = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n'.repeat(20)),
  ]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A small, well-formed PNG whose header declares width × height (RGB): its IDAT holds the first rows
 * only, so a decoder that trusted the header would allocate width × height × 3 bytes before finding out.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * 4);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real PNG of exactly `size` bytes: random pixels (which do not compress), then a private ancillary
 * chunk (`prVt`, which decoders skip) filling up to the size.
 */
export async function realPngOfExactly(size: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt((size * 0.85) / 3));
  const pixels = randomBytes(side * side * 3);
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const iendAt = png.length - 12;
  const padding = size - png.length - 12;
  if (padding < 0) throw new Error(`a ${side}×${side} PNG is already ${png.length} bytes`);
  return Buffer.concat([
    png.subarray(0, iendAt),
    pngChunk('prVt', Buffer.alloc(padding)),
    png.subarray(iendAt),
  ]);
}

/** A PDF whose catalogue runs JavaScript when opened (/OpenAction /JS). */
export function pdfWithOpenActionScript(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
