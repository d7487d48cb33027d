/**
 * Uploading inspiration images (docs/product.md §2 step 3, §5 Images, §7 Storage, §8 Upload): each file
 * becomes one `inspiration_images` record through the SDK, whose public file URL the booking
 * keeps. The request goes through XMLHttpRequest (as the SDK's `fetch`) so the upload's byte
 * progress can be shown. Each upload names the wizard it belongs to (the store's `wizardId`):
 * the server allows 10 per wizard and bounds the bytes per address and per day
 * (docs/decisions/042-bounded-uploads.md).
 */
import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { MAX_IMAGE_BYTES, MAX_INSPIRATION_IMAGES, UPLOAD_CAP_MESSAGES, UPLOAD_MESSAGES, imageExtension } from '@domain/booking/inspiration-images';
import { errorMessage, pb } from '@/lib/pb';

/** Bytes sent and total of the current request. */
export type ProgressHandler = (loaded: number, total: number) => void;

/** A `fetch` for the SDK that reports upload progress (fetch cannot). */
function fetchWithUploadProgress(onProgress: ProgressHandler): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'GET', String(input));
      for (const [k, v] of Object.entries((init?.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (ev) => ev.lengthComputable && onProgress(ev.loaded, ev.total);
      xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status, headers: { 'Content-Type': 'application/json' } }));
      xhr.onerror = () => reject(new TypeError('Network error while uploading'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      init?.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(init?.body as XMLHttpRequestBodyInit | null);
    });
}

/** Why a file cannot be uploaded, checked before sending it (the server checks again); or null. */
export function localFileProblem(file: File): string | null {
  if (!imageExtension(file.name) || (file.type && !file.type.startsWith('image/'))) return UPLOAD_MESSAGES.notImage(file.name);
  if (file.size > MAX_IMAGE_BYTES) return UPLOAD_MESSAGES.tooLarge(file.name);
  return null;
}

/**
 * The message for a failed upload of `name`, from the server's answer where it says why: a 429
 * is the caps' own sentence, or PocketBase's rate limiter's (told as UPLOAD_MESSAGES.rateLimited).
 */
export function uploadErrorMessage(err: unknown, name: string): string {
  if (err instanceof ClientResponseError) {
    const message = (err.response as { message?: unknown } | undefined)?.message;
    if (err.status === 429) return typeof message === 'string' && UPLOAD_CAP_MESSAGES.includes(message) ? message : UPLOAD_MESSAGES.rateLimited;
    if (err.status === 413) return UPLOAD_MESSAGES.tooLarge(name);
    const code = (err.response as { data?: { image?: { code?: string } } }).data?.image?.code;
    if (code === 'validation_invalid_mime_type') return UPLOAD_MESSAGES.notImage(name);
    if (code === 'validation_file_size_limit') return UPLOAD_MESSAGES.tooLarge(name);
  }
  return errorMessage(err, UPLOAD_MESSAGES.generic);
}

/**
 * Uploads one image as an `inspiration_images` record of wizard `wizardId`; resolves to its
 * public URL (absolute, on the app's origin). Rejects with the SDK's ClientResponseError.
 */
export async function uploadInspirationImage(file: File, wizardId: string, onProgress: ProgressHandler = () => {}): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  body.append('wizardId', wizardId);
  const record = await pb.collection('inspiration_images').create<RecordModel & { image: string }>(body, {
    fetch: fetchWithUploadProgress(onProgress),
    requestKey: null,
  });
  return pb.files.getURL(record, record.image);
}

export interface UploadProgress {
  /** 1-based number of the file being sent. */
  current: number;
  count: number;
  /** 0–100 over all files' bytes. */
  percent: number;
}

/**
 * Uploads chosen files one after another for wizard `wizardId`, adding each URL through
 * `onUploaded` as soon as it is stored. Files beyond the booking's limit of
 * MAX_INSPIRATION_IMAGES, or that are not images or too large, are not sent; a cap (429) or a
 * server short of space (507) stops the rest. Toasts 'Images uploaded' / 'N image(s) uploaded
 * successfully', or 'Upload failed' with the first problem (docs/product.md §8).
 */
export function useInspirationUpload(wizardId: string, existingCount: number, onUploaded: (url: string) => void) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const upload = useCallback(
    async (chosen: File[]) => {
      if (chosen.length === 0 || progress) return;
      const room = MAX_INSPIRATION_IMAGES - existingCount;
      const problems: string[] = [];
      if (chosen.length > room) problems.push(UPLOAD_MESSAGES.tooMany);
      const files: File[] = [];
      for (const f of chosen.slice(0, Math.max(0, room))) {
        const problem = localFileProblem(f);
        if (problem) problems.push(problem);
        else files.push(f);
      }
      const totalBytes = files.reduce((n, f) => n + f.size, 0) || 1;
      let doneBytes = 0;
      let uploaded = 0;
      for (const [i, file] of files.entries()) {
        setProgress({ current: i + 1, count: files.length, percent: Math.round((doneBytes / totalBytes) * 100) });
        try {
          const url = await uploadInspirationImage(file, wizardId, (loaded) =>
            setProgress({ current: i + 1, count: files.length, percent: Math.min(100, Math.round(((doneBytes + loaded) / totalBytes) * 100)) }),
          );
          onUploaded(url);
          uploaded++;
        } catch (err) {
          problems.push(uploadErrorMessage(err, file.name));
          if (err instanceof ClientResponseError && (err.status === 429 || err.status === 507)) break;
        }
        doneBytes += file.size;
      }
      setProgress(null);
      if (uploaded > 0) toast.success(UPLOAD_MESSAGES.successTitle, { description: UPLOAD_MESSAGES.uploaded(uploaded) });
      if (problems.length > 0) toast.error(UPLOAD_MESSAGES.failureTitle, { description: problems[0] });
    },
    [wizardId, existingCount, onUploaded, progress],
  );

  return { upload, uploading: progress !== null, progress };
}
