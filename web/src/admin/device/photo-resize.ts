/**
 * Photos of the finished tree are made smaller on the phone before they are queued (docs/decisions/016
 * "photos … resized on the phone before upload"): a 12-megapixel photo of 3–5 MB becomes a
 * JPEG of a few hundred KB, so it fits the outbox's IndexedDB quota and goes up quickly over
 * one bar of signal. The longest side becomes at most PHOTO_MAX_SIDE pixels.
 */
import { MAX_JOB_PHOTO_BYTES } from '@domain/booking/job-events';
import type { StoredPhoto } from '@/admin/core/model/outbox-entry';

/** The longest side of a stored photo (px): sharp on any phone screen, small on the wire. */
export const PHOTO_MAX_SIDE = 1600;
/** JPEG quality of the resized photo (0–1). */
export const PHOTO_QUALITY = 0.85;

export const PHOTO_MESSAGES = {
  notImage: 'That file is not a photo. Please choose a JPEG, PNG, WebP or HEIC image.',
  tooLarge: 'The photo is larger than 8 MB and could not be made smaller on this device. Please choose a smaller one.',
} as const;

/**
 * The size (whole pixels, each at least 1) that fits `width` × `height` inside a square of
 * `maxSide`, keeping the aspect ratio; unchanged when it fits already. Pure.
 */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `name` with its extension replaced by .jpg ('photo.jpg' for an empty name). */
export function jpegName(name: string): string {
  const base = name
    .replace(/\.[^./\\]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'photo'}.jpg`;
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The photo could not be encoded.'))), 'image/jpeg', PHOTO_QUALITY));
}

/**
 * The photo to queue: `file` decoded (turned upright by its EXIF orientation), scaled down to
 * fit PHOTO_MAX_SIDE and encoded as JPEG. A file this browser cannot decode (HEIC outside
 * Safari) is kept as it is when it is at most 8 MB: the server takes HEIC. Rejects with a plain
 * sentence (PHOTO_MESSAGES) otherwise.
 */
export async function resizePhoto(file: File): Promise<StoredPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    if (!/^image\//.test(file.type)) throw new Error(PHOTO_MESSAGES.notImage);
    if (file.size > MAX_JOB_PHOTO_BYTES) throw new Error(PHOTO_MESSAGES.tooLarge);
    return { bytes: await file.arrayBuffer(), type: file.type, name: file.name || 'photo' };
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const jpeg = await encodeJpeg(bitmap, width, height);
    return { bytes: await jpeg.arrayBuffer(), type: 'image/jpeg', name: jpegName(file.name) };
  } finally {
    bitmap.close();
  }
}
