/**
 * Record and file hooks of `inspiration_images` (docs/product.md §5 Images, §7 Storage; docs/architecture.md
 * "Server interface": the collection replaces the storage bucket).
 *
 * Upload: anonymous, one image per record. The collection's file field already refuses files
 * over 5 MiB and content that is not an image (PocketBase sniffs the bytes; the declared type
 * is ignored), and PocketBase never overwrites a stored file. This hook adds: the file name
 * must have an image extension, the stored name becomes random letters and digits plus that
 * extension (PocketBase would otherwise keep a slug of the customer's own file name in the
 * public URL), `original_name` is taken from the upload, not from the client's fields (it is a
 * hidden field: only superusers read it, see pb_migrations), and the record id is always the
 * server's. The rate limit for guests is in pb_migrations (app settings).
 *
 * Download: the file URL is public by record id; it is served with Cache-Control
 * `public, max-age=3600` as docs/product.md's storage upload asks (PocketBase's default is 30 days).
 */
import { cleanOriginalName, storedImageName, UPLOAD_MESSAGES } from '@domain/inspiration-images';
import { badRequest } from '../http';

const RANDOM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * onRecordCreateRequest for inspiration_images. Throws 400 for a missing or non-image file, and
 * for a record id chosen by anyone but a superuser.
 */
export function prepareInspirationUpload(e: core.RecordRequestEvent): void {
  const record = e.record!;
  // PocketBase generates the id only when the request brings none (the record's id is still
  // empty here). The id is the only secret of an upload's public URL, so a visitor must not
  // pick a guessable one or reserve ids ahead of others.
  if (record.id && !e.hasSuperuserAuth()) throw badRequest('Record ids are chosen by the server. Please upload the image without an id.');
  const files = record.getUnsavedFiles('image');
  const file = files.length === 1 ? files[0] : undefined;
  if (!file) throw badRequest('Please choose one image file to upload.');
  const original = cleanOriginalName(file.originalName || file.name);
  const name = storedImageName(original, $security.randomStringWithAlphabet(24, RANDOM_ALPHABET));
  if (!name) throw badRequest(UPLOAD_MESSAGES.notImage(original || 'The file'));
  file.name = name;
  record.set('original_name', original);
  e.next();
}

/** onFileDownloadRequest for inspiration_images: an hour of caching (docs/product.md §7 Storage). */
export function serveInspirationImage(e: core.FileDownloadRequestEvent): void {
  // The JSVM does not promote the fields of the embedded *RequestEvent here (e.response is
  // undefined at run time, whatever types.d.ts says); the embedded value itself is reachable.
  const embedded = (e as unknown as { requestEvent?: core.RequestEvent }).requestEvent;
  const response = e.response ?? embedded?.response;
  // PocketBase only sets its own 30-day default when the header is missing.
  if (response) response.header().set('Cache-Control', 'public, max-age=3600');
  e.next();
}
