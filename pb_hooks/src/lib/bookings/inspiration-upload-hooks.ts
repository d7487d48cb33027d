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
 * Bounds (docs/decisions/042-bounded-uploads.md): an upload is refused with 507 while the data
 * disk is short of space (lib/upload-room.ts); a visitor's upload must say which booking wizard
 * it comes from (form field `wizardId`, as in the checkout's body), and the hidden fields the caps count are
 * the server's: `size` (the file's bytes), `wizard`, `client_ip` (PocketBase's RealIP) and
 * `uploaded_at` (server clock). The caps themselves are checked in the insert's transaction
 * (upload-caps.ts). Admins and superusers upload without a wizard and are not capped.
 *
 * Download: the file URL is public by record id; it is served with Cache-Control
 * `public, max-age=3600` as docs/product.md's storage upload asks (PocketBase's default is 30 days).
 */
import { isWizardId } from '@domain/booking/ownership';
import { cleanOriginalName, storedImageName, UPLOAD_MESSAGES } from '@domain/booking/inspiration-images';
import { nowMs, toPbDate } from '../clock';
import { badRequest } from '../http';
import { requireUploadRoom } from '../upload-room';
import { isAdminStaffRecord } from '../staff-auth';

const RANDOM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The form's `wizardId` ('' when absent): not a field of the collection, so it stays in the
 * request info, where PocketBase drops the hidden fields (`wizard` among them) a visitor sends.
 */
function wizardOf(e: core.RecordRequestEvent): string {
  const raw = (e.requestInfo().body as Record<string, unknown> | undefined)?.wizardId;
  const value = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  return typeof value === 'string' ? value.trim() : '';
}

/** A signed-in admin (staff with role admin) or a superuser: never capped. */
function uploaderIsAdmin(e: core.RecordRequestEvent): boolean {
  if (e.hasSuperuserAuth()) return true;
  // Record events expose the request's auth only through requestInfo() in the JSVM.
  return isAdminStaffRecord(e.requestInfo().auth);
}

/**
 * onRecordCreateRequest for inspiration_images. Throws 507 while the data disk is short of
 * space; 400 for a missing or non-image file, for a record id chosen by anyone but a superuser,
 * and for a visitor's upload without a valid wizard id (8–100 letters, digits, dashes or
 * underscores).
 */
export function prepareInspirationUpload(e: core.RecordRequestEvent): void {
  const record = e.record!;
  // PocketBase generates the id only when the request brings none (the record's id is still
  // empty here). The id is the only secret of an upload's public URL, so a visitor must not
  // pick a guessable one or reserve ids ahead of others.
  if (record.id && !e.hasSuperuserAuth()) throw badRequest('Record ids are chosen by the server. Please upload the image without an id.');
  requireUploadRoom(UPLOAD_MESSAGES.diskLow, 'inspiration upload');
  const admin = uploaderIsAdmin(e);
  const wizard = admin ? '' : wizardOf(e);
  if (!admin && !isWizardId(wizard)) throw badRequest(UPLOAD_MESSAGES.wizardMissing);
  const files = record.getUnsavedFiles('image');
  const file = files.length === 1 ? files[0] : undefined;
  if (!file) throw badRequest('Please choose one image file to upload.');
  const original = cleanOriginalName(file.originalName || file.name);
  const name = storedImageName(original, $security.randomStringWithAlphabet(24, RANDOM_ALPHABET));
  if (!name) throw badRequest(UPLOAD_MESSAGES.notImage(original || 'The file'));
  file.name = name;
  record.set('original_name', original);
  // Whatever the client sent in these hidden fields is replaced (a superuser's uploaded_at is
  // kept, for operators and tests; capInspirationUpload stamps it when empty).
  record.set('size', file.size);
  record.set('wizard', wizard);
  record.set('client_ip', e.realIP());
  if (!e.hasSuperuserAuth()) record.set('uploaded_at', toPbDate(nowMs()));
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
