/**
 * Inspiration images (docs/product.md §2 step 3, §5 Images, §7 Storage, §8 Upload): the limits shared
 * by the upload control and the server, the stored-name rule and the shape of the public URL
 * of an uploaded image (PocketBase's `/api/files/{collection}/{record}/{file}`), so the server
 * can accept only links to our own uploads on a booking.
 */

import { normalizeText } from '../text';

/** At most this many images per booking (also the booking schema's limit). */
export const MAX_INSPIRATION_IMAGES = 10;

/** Largest image accepted (bytes); the `inspiration_images.image` field's maxSize. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Extensions of the image types the collection accepts (its content is also sniffed). */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.jfif', '.png', '.webp', '.gif', '.avif', '.heic', '.heif'] as const;

export const INSPIRATION_COLLECTION = 'inspiration_images';

const MIB = 1024 * 1024;

/**
 * Bounds on what anonymous visitors may store (docs/decisions/042-bounded-uploads.md): uploads
 * per wizard (the booking's own limit: a wizard never needs more), bytes per client address in
 * the last hour and bytes for the whole site in the last 24 hours. The byte budgets are the
 * defaults of UPLOAD_ADDRESS_MB_PER_HOUR and UPLOAD_SITE_MB_PER_DAY (whole MB of 1,048,576
 * bytes). Admins and superusers are not capped.
 */
export const UPLOAD_BUDGET_DEFAULTS = {
  perWizard: MAX_INSPIRATION_IMAGES,
  addressMbPerHour: 50,
  siteMbPerDay: 2048,
} as const;

/** An upload no booking links to is deleted once it is this many hours old (the orphan job). */
export const ORPHAN_UPLOAD_HOURS = 24;

export const UPLOAD_MESSAGES = {
  /** docs/product.md §8 toast titles. */
  successTitle: 'Images uploaded',
  failureTitle: 'Upload failed',
  /** docs/product.md §8: 'N image(s) uploaded successfully'. */
  uploaded: (n: number) => `${n} image(s) uploaded successfully`,
  notImage: (name: string) => `"${name}" is not a supported image. Please upload JPEG, PNG, WebP, GIF, AVIF or HEIC photos.`,
  tooLarge: (name: string) => `"${name}" is larger than 5 MB. Please choose a smaller photo.`,
  tooMany: `You can upload up to ${MAX_INSPIRATION_IMAGES} inspiration images.`,
  rateLimited: 'Too many uploads in a short time. Please wait a few minutes and try again.',
  generic: 'The image could not be uploaded. Please try again.',
  /** The booking's image links are not links to our uploads (same text as the schema's). */
  notOurs: 'Inspiration images must be links to uploaded images',
  /** 400: an upload that does not say which wizard it is for (an old page, or a script). */
  wizardMissing: 'Please reload the booking page and add your images again.',
  /** 429: the wizard's uploads reached UPLOAD_BUDGET_DEFAULTS.perWizard. */
  wizardFull: `You have already uploaded ${MAX_INSPIRATION_IMAGES} images for this booking, the most one booking can have.`,
  /** 429: the client address's bytes of the last hour. */
  addressBusy: 'You have uploaded a lot of images in the last hour. Please try again later.',
  /** 429: the whole site's bytes of the last 24 hours. */
  siteBusy: 'We have received a great many images today, so uploads are paused. You can still book without images, or try again tomorrow.',
  /** 507: the data disk's free space is under UPLOAD_MIN_FREE_MB (our failure, not the visitor's). */
  diskLow: 'Image uploads are paused because the server is short of storage space. You can still book without images, or try again later.',
} as const;

/** The sentences of the upload caps (429), as opposed to PocketBase's own rate limiter's. */
export const UPLOAD_CAP_MESSAGES: readonly string[] = [UPLOAD_MESSAGES.wizardFull, UPLOAD_MESSAGES.addressBusy, UPLOAD_MESSAGES.siteBusy];

/** The caps in force, in uploads and bytes. */
export interface UploadBudgets {
  perWizard: number;
  addressBytesPerHour: number;
  siteBytesPerDay: number;
}

/** The budgets for whole-MB settings (UPLOAD_ADDRESS_MB_PER_HOUR, UPLOAD_SITE_MB_PER_DAY). */
export function uploadBudgets(addressMbPerHour: number, siteMbPerDay: number): UploadBudgets {
  return { perWizard: UPLOAD_BUDGET_DEFAULTS.perWizard, addressBytesPerHour: addressMbPerHour * MIB, siteBytesPerDay: siteMbPerDay * MIB };
}

/** What is already stored, counted from visitors' `inspiration_images` records. */
export interface UploadUsage {
  /** Uploads of this wizard, of any age. */
  wizardUploads: number;
  /** Bytes uploaded from this client address in the last hour. */
  addressBytesLastHour: number;
  /** Bytes uploaded by all visitors in the last 24 hours. */
  siteBytesLastDay: number;
}

/**
 * The 429 sentence for a visitor's upload of `size` bytes, or null when it fits. The wizard and
 * address caps are per caller (`perCaller` false turns them off, as RATE_LIMITS=off does for the
 * other per-caller limits); the site's budget always holds, since it bounds the disk.
 */
export function uploadCapRefusal(usage: UploadUsage, size: number, budgets: UploadBudgets, perCaller: boolean): string | null {
  if (perCaller && usage.wizardUploads >= budgets.perWizard) return UPLOAD_MESSAGES.wizardFull;
  if (perCaller && usage.addressBytesLastHour + size > budgets.addressBytesPerHour) return UPLOAD_MESSAGES.addressBusy;
  if (usage.siteBytesLastDay + size > budgets.siteBytesPerDay) return UPLOAD_MESSAGES.siteBusy;
  return null;
}

/** The lower-case image extension of a file name ('.jpg'), or null when it is not an image's. */
export function imageExtension(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = fileName.slice(dot).toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? ext : null;
}

/**
 * The stored file name: `random` (letters and digits from the caller's secure generator) plus
 * the original extension, so no part of the customer's own file name (often a person's name)
 * ends up in the public URL (docs/product.md §5 Images: "random name with the original extension").
 */
export function storedImageName(originalName: string, random: string): string | null {
  const ext = imageExtension(originalName);
  return ext && /^[a-z0-9]{16,}$/.test(random) ? `${random}${ext}` : null;
}

/**
 * The original file name as kept on the record: without a path, normalised like every free-text
 * field (domain/text.ts: control and invisible characters dropped, trimmed), at most 255
 * characters.
 */
export function cleanOriginalName(name: string): string {
  return normalizeText(name.replace(/^.*[\\/]/, ''), 'line').slice(0, 255);
}

/** The parts of a PocketBase file URL. */
export interface FileUrlParts {
  /** scheme://host[:port], lower-case, no trailing slash; '' for a root-relative path. */
  origin: string;
  collection: string;
  recordId: string;
  filename: string;
}

const FILE_URL = /^(https?:\/\/[^/?#\s]+)?\/api\/files\/([^/?#\s]+)\/([^/?#\s]+)\/([^/?#\s]+)$/i;

/**
 * Splits `https://host/api/files/{collection}/{recordId}/{filename}` or the root-relative
 * `/api/files/{collection}/{recordId}/{filename}` (no query or fragment); null for anything
 * else. Path parts are URL-decoded. The host says nothing about whose file it is: only the
 * collection, record id and file name identify an upload.
 */
export function parseFileUrl(url: string): FileUrlParts | null {
  const m = FILE_URL.exec(url);
  if (!m) return null;
  try {
    return {
      origin: (m[1] ?? '').toLowerCase(),
      collection: decodeURIComponent(m[2]!),
      recordId: decodeURIComponent(m[3]!),
      filename: decodeURIComponent(m[4]!),
    };
  } catch {
    return null; // malformed %-escape
  }
}

/**
 * The root-relative path PocketBase serves an upload's file at, by collection name:
 * `/api/files/inspiration_images/{recordId}/{filename}`. A booking stores this path (after
 * APP_URL when set) rather than any URL a client sent.
 */
export function inspirationImagePath(recordId: string, filename: string): string {
  return `/api/files/${INSPIRATION_COLLECTION}/${encodeURIComponent(recordId)}/${encodeURIComponent(filename)}`;
}

/** A PocketBase record id: 15 lower-case letters and digits. */
export function isRecordId(id: string): boolean {
  return /^[a-z0-9]{15}$/.test(id);
}

/**
 * The ids of the `inspiration_images` records a booking's `style_inspiration_images` links to
 * (each link as parseFileUrl reads it, naming the collection by `collection.id` or
 * `collection.name`), without repeats; anything else in the list is skipped.
 */
export function linkedInspirationIds(links: unknown, collection: { id: string; name: string }): string[] {
  if (!Array.isArray(links)) return [];
  const ids = new Set<string>();
  for (const link of links) {
    const parts = typeof link === 'string' ? parseFileUrl(link) : null;
    if (parts && (parts.collection === collection.id || parts.collection === collection.name) && isRecordId(parts.recordId)) ids.add(parts.recordId);
  }
  return [...ids];
}
