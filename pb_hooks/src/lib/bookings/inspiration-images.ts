/**
 * Checks a booking's inspiration image links (docs/product.md §3 styleInspirationImages, §7 Storage):
 * only our own `inspiration_images` uploads are accepted, and the booking keeps links the
 * server builds itself, so a booking can never make the admin's browser load an image from
 * elsewhere.
 */
import { INSPIRATION_COLLECTION, inspirationImagePath, isRecordId, MAX_INSPIRATION_IMAGES, parseFileUrl, UPLOAD_MESSAGES } from '@domain/booking/inspiration-images';
import { configuredAppUrl } from '../http';

/** The links to store on the booking, or the user-facing reason the request is refused. */
export type InspirationImageCheck = { urls: string[] } | { error: string };

/**
 * Each of `urls` must be `[origin]/api/files/{inspiration_images id or name}/{record id}/{the
 * record's own image file}` for an existing record; otherwise `{ error }` with
 * 'Inspiration images must be links to uploaded images' (or the too-many message). The origin
 * part is ignored: only the record and its file say whose upload it is, and whatever host a
 * client wrote (or its Origin or Host header) is not ours to trust. On success `{ urls }` holds,
 * in order, the canonical link of each upload: APP_URL + `/api/files/inspiration_images/{id}/
 * {file}` when APP_URL is set, else that root-relative path (served by this same server, so
 * the admin app on this site shows it).
 * Reads only (up to MAX_INSPIRATION_IMAGES lookups); safe inside or outside a transaction
 * when given the matching `app`.
 */
export function checkInspirationImageUrls(app: CoreApp, urls: readonly string[]): InspirationImageCheck {
  if (urls.length === 0) return { urls: [] };
  if (urls.length > MAX_INSPIRATION_IMAGES) return { error: UPLOAD_MESSAGES.tooMany };
  const notOurs = { error: UPLOAD_MESSAGES.notOurs };
  let collection: core.Collection;
  try {
    collection = app.findCachedCollectionByNameOrId(INSPIRATION_COLLECTION)!;
  } catch {
    return notOurs;
  }
  const base = configuredAppUrl();
  const canonical: string[] = [];
  for (const url of urls) {
    const parts = typeof url === 'string' ? parseFileUrl(url) : null;
    if (!parts || (parts.collection !== collection.id && parts.collection !== collection.name)) return notOurs;
    if (!isRecordId(parts.recordId)) return notOurs;
    let record: core.Record | undefined;
    try {
      record = app.findRecordById(collection.id, parts.recordId);
    } catch {
      return notOurs; // no such record
    }
    const file = record?.getString('image') ?? '';
    if (!record || !file || file !== parts.filename) return notOurs;
    canonical.push(`${base}${inspirationImagePath(record.id, file)}`);
  }
  return { urls: canonical };
}
