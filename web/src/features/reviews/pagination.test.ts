import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems', () => {
  it.each<[number, number, (number | 'gap')[]]>([
    [1, 0, []],
    [1, 1, []],
    [1, 2, [1, 2]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 10, [1, 2, 3, 4, 'gap', 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
    [4, 10, [1, 2, 3, 4, 5, 'gap', 10]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [8, 10, [1, 'gap', 7, 8, 9, 10]],
    [10, 10, [1, 'gap', 7, 8, 9, 10]],
  ])('page %i of %i', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected);
  });
});
