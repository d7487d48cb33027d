/**
 * Inspiration-image uploads for server tests: a real 1×1 PNG, the multipart form the booking
 * wizard sends, and an anonymous upload returning the created record.
 */
import { randomBytes } from 'node:crypto';
import type { RecordModel } from 'pocketbase';
import { anonymous } from './support';

/** A valid 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A fresh booking-wizard id, as the wizard makes one per browser session (docs/decisions/042). */
export function newWizardId(): string {
  return `wizard_${randomBytes(16).toString('hex')}`;
}

/**
 * A multipart body with one file in the `image` field and the wizard it comes from (`wizardId`:
 * a new wizard's id by default, as every visitor's upload must name one; null for none).
 */
export function imageForm(bytes: Uint8Array, name: string, type: string, wizard: string | null = newWizardId()): FormData {
  const fd = new FormData();
  fd.append('image', new File([new Uint8Array(bytes)], name, { type }));
  if (wizard !== null) fd.append('wizardId', wizard);
  return fd;
}

/** Uploads PNG anonymously under `name`; resolves to the record as the uploader receives it. */
export function uploadPng(name: string): Promise<RecordModel> {
  return anonymous()
    .collection('inspiration_images')
    .create(imageForm(PNG, name, 'image/png'));
}
