/**
 * Checks a booking's inspiration image links (SPEC.md §3 styleInspirationImages, §7 Storage):
 * only public URLs of our own `inspiration_images` uploads are accepted, so a booking can
 * never make the admin's browser load an image from elsewhere.
 */
import {
  INSPIRATION_COLLECTION,
  isRecordId,
  MAX_INSPIRATION_IMAGES,
  parseFileUrl,
  UPLOAD_MESSAGES,
} from '@domain/inspiration-images';

/**
 * Returns null when every URL is `{origin}/api/files/{inspiration_images id or name}/{record
 * id}/{the record's own image file}` for an existing record, else the user-facing message
 * ('Inspiration images must be links to uploaded images'). `origin` is the app's public
 * origin as the browser uses it (`appOrigin(e)` of lib/http.ts), compared case-insensitively.
 * Reads only (up to MAX_INSPIRATION_IMAGES lookups); safe inside or outside a transaction
 * when given the matching `app`.
 */
export function checkInspirationImageUrls(app: CoreApp, urls: readonly string[], origin: string): string | null {
  if (urls.length === 0) return null;
  if (urls.length > MAX_INSPIRATION_IMAGES) return UPLOAD_MESSAGES.tooMany;
  let collection: core.Collection;
  try {
    collection = app.findCachedCollectionByNameOrId(INSPIRATION_COLLECTION)!;
  } catch {
    return UPLOAD_MESSAGES.notOurs;
  }
  const wantOrigin = origin.replace(/\/+$/, '').toLowerCase();
  for (const url of urls) {
    const parts = typeof url === 'string' ? parseFileUrl(url) : null;
    if (!parts || parts.origin !== wantOrigin) return UPLOAD_MESSAGES.notOurs;
    if (parts.collection !== collection.id && parts.collection !== collection.name) return UPLOAD_MESSAGES.notOurs;
    if (!isRecordId(parts.recordId)) return UPLOAD_MESSAGES.notOurs;
    let record: core.Record | undefined;
    try {
      record = app.findRecordById(collection.id, parts.recordId);
    } catch {
      return UPLOAD_MESSAGES.notOurs; // no such record
    }
    if (!record || record.getString('image') !== parts.filename) return UPLOAD_MESSAGES.notOurs;
  }
  return null;
}
