import { describe, expect, it } from 'vitest';
import {
  cleanOriginalName,
  imageExtension,
  inspirationImagePath,
  isRecordId,
  linkedInspirationIds,
  parseFileUrl,
  storedImageName,
  uploadBudgets,
  uploadCapRefusal,
  UPLOAD_MESSAGES,
  type UploadUsage,
} from './inspiration-images';

describe('imageExtension (docs/product.md §5 Images: image files only)', () => {
  it.each<[string, string | null]>([
    ['tree.jpg', '.jpg'],
    ['TREE.JPEG', '.jpeg'],
    ['IMG_1234.HEIC', '.heic'],
    ['download.jfif', '.jfif'],
    ['a.b.png', '.png'],
    ['photo.webp', '.webp'],
    ['notes.txt', null],
    ['page.html', null],
    ['vector.svg', null],
    ['no-extension', null],
    ['png', null],
  ])('%s → %s', (name, ext) => {
    expect(imageExtension(name)).toBe(ext);
  });
});

describe('storedImageName (random name with the original extension)', () => {
  const random = 'k3j5h2g8f9d0s1a2q4w6';
  it('keeps only the extension of the original name', () => {
    expect(storedImageName('Jane Doe living room.JPG', random)).toBe(`${random}.jpg`);
  });
  it('refuses non-image names and weak random parts', () => {
    expect(storedImageName('evil.html', random)).toBeNull();
    expect(storedImageName('tree.png', 'short')).toBeNull();
    expect(storedImageName('tree.png', '../../etc/passwd00')).toBeNull();
  });
});

describe('cleanOriginalName', () => {
  it('drops paths and control characters and caps the length', () => {
    expect(cleanOriginalName('C:\\Users\\jane\\tree.png')).toBe('tree.png');
    expect(cleanOriginalName('dir/sub/tree\u0000.png')).toBe('tree.png');
    expect(cleanOriginalName(`${'a'.repeat(300)}.png`)).toHaveLength(255);
    expect(cleanOriginalName('\u200Btree\u202E.png\uFEFF')).toBe('tree.png');
  });
});

describe('parseFileUrl', () => {
  it('splits a PocketBase file URL', () => {
    expect(parseFileUrl('http://127.0.0.1:8090/api/files/pbc_123/abcdefghij12345/k3j5h2g8f9d0s1a2q4w6.png')).toEqual({
      origin: 'http://127.0.0.1:8090',
      collection: 'pbc_123',
      recordId: 'abcdefghij12345',
      filename: 'k3j5h2g8f9d0s1a2q4w6.png',
    });
  });
  it('lower-cases the origin and decodes the path', () => {
    expect(parseFileUrl('https://Example.COM/api/files/inspiration_images/abc/my%20tree.png')?.filename).toBe('my tree.png');
    expect(parseFileUrl('https://Example.COM/api/files/x/abc/y.png')?.origin).toBe('https://example.com');
  });
  it('splits a root-relative file path, with an empty origin', () => {
    expect(parseFileUrl('/api/files/inspiration_images/abcdefghij12345/k3j5h2g8f9d0s1a2q4w6.png')).toEqual({
      origin: '',
      collection: 'inspiration_images',
      recordId: 'abcdefghij12345',
      filename: 'k3j5h2g8f9d0s1a2q4w6.png',
    });
  });
  it.each([
    'javascript:alert(1)',
    'https://evil.example/pixel.gif',
    'https://evil.example/api/files/a/b/c.png?thumb=100x100',
    'https://evil.example/api/files/a/b/c.png#x',
    'https://evil.example/api/files/a/b/c/d.png',
    'ftp://host/api/files/a/b/c.png',
    'https://host/api/files/a/b/%E0%A4%A.png',
    '//evil.example/api/files/a/b/c.png',
    'api/files/a/b/c.png',
  ])('refuses %s', (url) => {
    expect(parseFileUrl(url)).toBeNull();
  });
});

describe('inspirationImagePath', () => {
  it('is the root-relative path by collection name, and parses back to the same parts', () => {
    const p = inspirationImagePath('abcdefghij12345', 'k3j5h2g8f9d0s1a2q4w6.png');
    expect(p).toBe('/api/files/inspiration_images/abcdefghij12345/k3j5h2g8f9d0s1a2q4w6.png');
    expect(parseFileUrl(p)).toMatchObject({ collection: 'inspiration_images', recordId: 'abcdefghij12345', filename: 'k3j5h2g8f9d0s1a2q4w6.png' });
  });
});

describe('isRecordId', () => {
  it('accepts 15 lower-case letters and digits only', () => {
    expect(isRecordId('abcdefghij12345')).toBe(true);
    expect(isRecordId('abc')).toBe(false);
    expect(isRecordId('ABCDEFGHIJ12345')).toBe(false);
  });
});

describe('upload messages (docs/product.md §8)', () => {
  it('counts uploaded images', () => {
    expect(UPLOAD_MESSAGES.uploaded(3)).toBe('3 image(s) uploaded successfully');
  });
});

describe('uploadCapRefusal (docs/decisions/042: caps on anonymous uploads)', () => {
  const MB = 1024 * 1024;
  const budgets = uploadBudgets(50, 2048);
  const none: UploadUsage = { wizardUploads: 0, addressBytesLastHour: 0, siteBytesLastDay: 0 };
  it.each<[string, Partial<UploadUsage>, number, boolean, string | null]>([
    ['a first upload', {}, MB, true, null],
    ['the 10th upload of a wizard', { wizardUploads: 9 }, MB, true, null],
    ['the 11th upload of a wizard', { wizardUploads: 10 }, MB, true, UPLOAD_MESSAGES.wizardFull],
    ['an address reaching exactly 50 MB', { addressBytesLastHour: 49 * MB }, MB, true, null],
    ['an address going past 50 MB', { addressBytesLastHour: 49 * MB }, MB + 1, true, UPLOAD_MESSAGES.addressBusy],
    ['the site reaching exactly 2 GB', { siteBytesLastDay: 2047 * MB }, MB, true, null],
    ['the site going past 2 GB', { siteBytesLastDay: 2047 * MB }, MB + 1, true, UPLOAD_MESSAGES.siteBusy],
    ['a full wizard with per-caller limits off', { wizardUploads: 10, addressBytesLastHour: 50 * MB }, MB, false, null],
    ['the site budget with per-caller limits off', { siteBytesLastDay: 2048 * MB }, 1, false, UPLOAD_MESSAGES.siteBusy],
    ['the wizard cap before the others', { wizardUploads: 10, addressBytesLastHour: 50 * MB, siteBytesLastDay: 2048 * MB }, 1, true, UPLOAD_MESSAGES.wizardFull],
  ])('%s', (_name, usage, size, perCaller, expected) => {
    expect(uploadCapRefusal({ ...none, ...usage }, size, budgets, perCaller)).toBe(expected);
  });
});

describe('linkedInspirationIds (a booking\u2019s uploads)', () => {
  const collection = { id: 'pbc_123', name: 'inspiration_images' };
  it('reads the record ids of links by collection name or id, absolute or root-relative, once each', () => {
    expect(
      linkedInspirationIds(
        [
          '/api/files/inspiration_images/abcdefghij12345/k3j5h2g8f9d0s1a2q4w6.png',
          'https://shop.example/api/files/pbc_123/zyxwvutsrq54321/a.png',
          'https://shop.example/api/files/inspiration_images/abcdefghij12345/k3j5h2g8f9d0s1a2q4w6.png',
        ],
        collection,
      ),
    ).toEqual(['abcdefghij12345', 'zyxwvutsrq54321']);
  });
  it.each<[string, unknown]>([
    ['no list', null],
    ['a list of other things', [42, { url: 'x' }]],
    ['another collection', ['/api/files/bookings/abcdefghij12345/a.png']],
    ['not a record id', ['/api/files/inspiration_images/short/a.png']],
    ['not a file link', ['https://evil.example/pixel.gif']],
  ])('skips %s', (_name, links) => {
    expect(linkedInspirationIds(links, collection)).toEqual([]);
  });
});
