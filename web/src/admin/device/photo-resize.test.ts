import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, PHOTO_MAX_SIDE } from './photo-resize';

describe('fitWithin', () => {
  it.each([
    ['a 12 MP landscape photo', 4032, 3024, { width: 1600, height: 1200 }],
    ['a portrait photo', 3024, 4032, { width: 1200, height: 1600 }],
    ['a square', 3000, 3000, { width: 1600, height: 1600 }],
    ['exactly the limit', 1600, 900, { width: 1600, height: 900 }],
    ['a small photo is never enlarged', 800, 600, { width: 800, height: 600 }],
    ['a panorama keeps at least 1 px', 20000, 5, { width: 1600, height: 1 }],
    ['rounding to whole pixels', 4000, 2999, { width: 1600, height: 1200 }],
  ])('%s: %i × %i', (_name, w, h, expected) => {
    const out = fitWithin(w, h);
    expect(out).toEqual(expected);
    expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(PHOTO_MAX_SIDE);
  });

  it('takes another limit', () => expect(fitWithin(1000, 500, 100)).toEqual({ width: 100, height: 50 }));
});

describe('jpegName', () => {
  it.each([
    ['IMG_1234.HEIC', 'IMG_1234.jpg'],
    ['tree.png', 'tree.jpg'],
    ['my tree (final).jpeg', 'my-tree-final.jpg'],
    ['', 'photo.jpg'],
    ['.hidden', 'photo.jpg'],
  ])('%s → %s', (name, out) => expect(jpegName(name)).toBe(out));
});
