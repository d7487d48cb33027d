import { describe, expect, it } from 'vitest';
import { emailKey } from './email-key';

describe('emailKey', () => {
  it.each([
    ['ann@example.com', 'ann@example.com'],
    ['  Ann@Example.COM ', 'ann@example.com'],
    ['\tBOB@x.org\n', 'bob@x.org'],
    ['   ', ''],
  ])('%j → %j', (raw, key) => {
    expect(emailKey(raw)).toBe(key);
  });
});
