import { describe, expect, it } from 'vitest';
import { cleanOriginalName, imageExtension, inspirationImagePath, isRecordId, parseFileUrl, storedImageName, UPLOAD_MESSAGES } from './inspiration-images';

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
