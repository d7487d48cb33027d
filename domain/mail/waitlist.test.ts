import { describe, expect, it } from 'vitest';
import { joinedLetter, offerLetter, withArticle } from './waitlist';

describe('the waitlist offer e-mail', () => {
  it('puts the right article before the visit: an installation time, a removal time', () => {
    expect(withArticle('installation')).toBe('an installation');
    expect(withArticle('removal')).toBe('a removal');
    const until = Date.parse('2026-12-01T17:00:00Z');
    expect(offerLetter('2026-12-05', 'install', '9-15', until, false).lines[0]).toMatch(/^Good news: an installation time freed up on /);
    expect(offerLetter('2027-01-05', 'removal', '9-15', until, true).lines[0]).toMatch(/^Good news: a removal time freed up on /);
  });
});

describe('the waitlist join e-mail', () => {
  it('names the visit with its own article: an installation, a removal', () => {
    expect(joinedLetter('2026-12-12', 'install', false).lines[0]).toMatch(/^You're on the waitlist for an installation on /);
    expect(joinedLetter('2027-01-09', 'removal', false).lines[0]).toMatch(/^You're on the waitlist for a removal on /);
  });
});
