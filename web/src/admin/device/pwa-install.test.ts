import { describe, expect, it } from 'vitest';
import { isAppleMobile } from './install-prompt';
import { requestPersistentStorage } from './storage-persistence';

describe('isAppleMobile', () => {
  it.each([
    ['iPhone Safari', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1', 5, true],
    ['iPadOS Safari (reports a Mac with touch)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15', 5, true],
    ['a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15', 0, false],
    ['Android Chrome', 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', 5, false],
  ])('%s → %s', (_name, ua, touch, apple) => expect(isAppleMobile(ua, touch)).toBe(apple));
});

describe('requestPersistentStorage', () => {
  const storage = (persisted: boolean, grant: boolean | 'throws', calls: string[]) =>
    ({
      persisted: async () => {
        calls.push('persisted');
        return persisted;
      },
      persist: async () => {
        calls.push('persist');
        if (grant === 'throws') throw new Error('denied');
        return grant;
      },
    }) as unknown as StorageManager;

  it.each<[string, boolean, boolean | 'throws', string, string[]]>([
    ['already persisted: not asked again', true, false, 'persisted', ['persisted']],
    ['granted', false, true, 'persisted', ['persisted', 'persist']],
    ['refused', false, false, 'best_effort', ['persisted', 'persist']],
    ['failing', false, 'throws', 'best_effort', ['persisted', 'persist']],
  ])('%s', async (_name, persisted, grant, outcome, calls) => {
    const seen: string[] = [];
    expect(await requestPersistentStorage(storage(persisted, grant, seen))).toBe(outcome);
    expect(seen).toEqual(calls);
  });

  it('without the API: unsupported', async () => {
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
    expect(await requestPersistentStorage({} as StorageManager)).toBe('unsupported');
  });
});
