/**
 * The data disk's room for uploads (docs/decisions/042-bounded-uploads.md): pb/disk_guard.go
 * answers `$uploadRoom()` from the file system of the data directory, against
 * UPLOAD_MIN_FREE_MB (default 1024, 0 off). Inspiration images and job photos ask before they are
 * stored, so the last gigabyte stays for checkouts, payments and the mail outbox.
 */
import { apiError } from './http';
import { logError, logWarning } from './log';

/** $uploadRoom's answer: `freeMB` -1 when unknown (the guard off, or the file system could not be asked). */
interface UploadRoom {
  enough: boolean;
  freeMB: number;
  minFreeMB: number;
  error?: string;
}

/**
 * Throws 507 Insufficient Storage with `message` (a plain sentence for the caller: the failure is
 * ours, so a client may retry later) while the data disk's free space is under the threshold.
 * `what` names the upload in the log. A file system that cannot be asked lets the upload through,
 * with a warning in the log.
 */
export function requireUploadRoom(message: string, what: string): void {
  const room = $uploadRoom() as UploadRoom;
  if (room.error) logWarning(`${what}: the data disk's free space is unknown (${room.error}); the upload goes ahead`);
  if (room.enough) return;
  logError(`${what}: refused with 507: ${room.freeMB} MB free on the data disk, under UPLOAD_MIN_FREE_MB=${room.minFreeMB}`);
  throw apiError(507, message);
}
