import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { cursorFilter, windowFilter } from './pb-transport';

describe('cursorFilter', () => {
  const pb = new PocketBase('http://127.0.0.1:1');
  it('asks for a later timestamp, or the same one with a later id', () => {
    expect(cursorFilter(pb, { updatedAt: '2026-11-20 17:00:00.123Z', id: 'abc' })).toBe(`(updated_at > "2026-11-20 17:00:00.123Z" || (updated_at = "2026-11-20 17:00:00.123Z" && id > "abc"))`);
  });
  it('adds the collection filter', () => {
    expect(cursorFilter(pb, null, 'review_text != "x"')).toBe('(review_text != "x")');
    expect(cursorFilter(pb, { updatedAt: 't', id: '' }, 'a = 1')).toBe(`(updated_at > "t" || (updated_at = "t" && id > "")) && (a = 1)`);
  });
  it('is empty for a first pull of everything', () => {
    expect(cursorFilter(pb, null)).toBe('');
  });
});

describe('windowFilter', () => {
  const pb = new PocketBase('http://127.0.0.1:1');
  it('asks for any of the date fields inside the window, both ends included', () => {
    expect(windowFilter(pb, ['install_date', 'removal_date'], { from: '2026-11-18', to: '2026-12-09' })).toBe(
      '(install_date >= "2026-11-18" && install_date <= "2026-12-09") || (removal_date >= "2026-11-18" && removal_date <= "2026-12-09")',
    );
  });
});
