import type { Sharp, SharpOptions } from 'sharp';
import { CLUB_MESSAGES, LOGO_LIMITS } from '@club/contract';
import { HttpError, badRequest } from '../../lib/http-error.ts';

export type LogoFormat = 'png' | 'jpeg' | 'webp';

/**
 * The format a file's first bytes announce, or null. Only PNG, JPEG and WebP are accepted
 * (docs/security.md); anything else (SVG, HTML, a renamed file) never reaches the image decoder.
 */
export function sniffImage(bytes: Buffer): LogoFormat | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

export const LOGO_OUTPUT_MIME = 'image/webp';

/**
 * Checks an uploaded logo and re-encodes it: recognised by content, at most 4096 × 4096 input
 * pixels (checked from the header before any decoding, and again by sharp while decoding), the
 * whole image decoded (a truncated file fails), turned upright, at most 512 px a side, written as
 * WebP without any metadata (EXIF, GPS, ICC comments: sharp keeps none unless asked).
 */
/**
 * sharp (libvips) is loaded on the first logo upload, not at start: it is needed only there and
 * costs the idle server 24–34 MB of resident memory (measured: RSS before and after
 * `import(sharp)`) (decision 0037).
 */
let sharpModule: Promise<(input: Buffer, options: SharpOptions) => Sharp> | null = null;
function loadSharp() {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

export async function reencodeLogo(bytes: Buffer): Promise<{ data: Buffer; mime: string }> {
  if (bytes.length > LOGO_LIMITS.maxBytes) throw new HttpError(413, CLUB_MESSAGES.logoTooLarge);
  const format = sniffImage(bytes);
  if (!format) throw badRequest(CLUB_MESSAGES.logoType, { file: CLUB_MESSAGES.logoType });
  const options = {
    limitInputPixels: LOGO_LIMITS.maxInputPixels,
    failOn: 'error',
    pages: 1,
  } as const;
  let width: number | undefined;
  let height: number | undefined;
  let detected: string | undefined;
  const sharp = await loadSharp();
  try {
    // The header only (nothing is decoded yet), so the pixel limit is checked below with our message.
    ({
      width,
      height,
      format: detected,
    } = await sharp(bytes, {
      ...options,
      limitInputPixels: false,
    }).metadata());
  } catch {
    throw badRequest(CLUB_MESSAGES.logoUnreadable, { file: CLUB_MESSAGES.logoUnreadable });
  }
  if (detected !== format)
    throw badRequest(CLUB_MESSAGES.logoType, { file: CLUB_MESSAGES.logoType });
  if (!width || !height || width * height > LOGO_LIMITS.maxInputPixels)
    throw badRequest(CLUB_MESSAGES.logoTooManyPixels, { file: CLUB_MESSAGES.logoTooManyPixels });
  try {
    const data = await sharp(bytes, options)
      .rotate()
      .resize(LOGO_LIMITS.maxSidePx, LOGO_LIMITS.maxSidePx, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 90 })
      .toBuffer();
    return { data, mime: LOGO_OUTPUT_MIME };
  } catch {
    throw badRequest(CLUB_MESSAGES.logoUnreadable, { file: CLUB_MESSAGES.logoUnreadable });
  }
}
