import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '@domain/booking/inspiration-images';
import { localFileProblem, uploadErrorMessage } from './upload-inspiration-image';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('localFileProblem (checked before sending)', () => {
  it.each<[string, File, string | null]>([
    ['a JPEG', file('tree.jpg', 'image/jpeg'), null],
    ['a HEIC without a browser type', file('IMG_1.HEIC', ''), null],
    ['a text file', file('notes.txt', 'text/plain'), UPLOAD_MESSAGES.notImage('notes.txt')],
    ['an image type with a text name', file('notes.txt', 'image/png'), UPLOAD_MESSAGES.notImage('notes.txt')],
    ['a text type with an image name', file('tree.png', 'text/plain'), UPLOAD_MESSAGES.notImage('tree.png')],
    ['an image over 5 MB', file('big.png', 'image/png', MAX_IMAGE_BYTES + 1), UPLOAD_MESSAGES.tooLarge('big.png')],
  ])('%s', (_name, f, expected) => {
    expect(localFileProblem(f)).toBe(expected);
  });
});

describe('uploadErrorMessage (docs/product.md §8: Upload failed with the error message)', () => {
  const err = (status: number, response: object) => new ClientResponseError({ status, response });
  it.each<[string, unknown, string]>([
    ['rate limited', err(429, { message: 'Too Many Requests.' }), UPLOAD_MESSAGES.rateLimited],
    ['a wizard’s 11th upload', err(429, { message: UPLOAD_MESSAGES.wizardFull }), UPLOAD_MESSAGES.wizardFull],
    ['an address’s hourly budget', err(429, { message: UPLOAD_MESSAGES.addressBusy }), UPLOAD_MESSAGES.addressBusy],
    ['the site’s daily budget', err(429, { message: UPLOAD_MESSAGES.siteBusy }), UPLOAD_MESSAGES.siteBusy],
    ['a 429 with another text', err(429, { message: 'Something else.' }), UPLOAD_MESSAGES.rateLimited],
    ['the server short of space', err(507, { message: UPLOAD_MESSAGES.diskLow }), UPLOAD_MESSAGES.diskLow],
    ['body too large', err(413, {}), UPLOAD_MESSAGES.tooLarge('a.png')],
    ['content not an image', err(400, { message: 'Failed to create record.', data: { image: { code: 'validation_invalid_mime_type' } } }), UPLOAD_MESSAGES.notImage('a.png')],
    ['file too large', err(400, { message: 'Failed to create record.', data: { image: { code: 'validation_file_size_limit' } } }), UPLOAD_MESSAGES.tooLarge('a.png')],
    ['our hook’s message', err(400, { message: 'Please choose one image file to upload.' }), 'Please choose one image file to upload.'],
    ['server error', err(500, { message: 'internal detail' }), UPLOAD_MESSAGES.generic],
    ['network failure', new TypeError('Failed to fetch'), UPLOAD_MESSAGES.generic],
  ])('%s', (_name, e, expected) => {
    expect(uploadErrorMessage(e, 'a.png')).toBe(expected);
  });
});
