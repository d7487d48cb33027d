import { describe, expect, it } from 'vitest';
import { slowestFiles } from './slowest.mjs';

describe('slowestFiles', () => {
  it('lists the slowest first, at most the count asked, with seconds', () => {
    const files = [
      { file: 'a.test.ts', ms: 1200 },
      { file: 'b.test.ts', ms: 35_400 },
      { file: 'c.test.ts', ms: 800 },
    ];
    expect(slowestFiles('Vitest', files, 2)).toBe('Vitest: the 2 slowest of 3 files\n   35.4 s  b.test.ts\n    1.2 s  a.test.ts');
  });
});
