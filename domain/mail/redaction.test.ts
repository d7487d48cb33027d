import { describe, expect, it } from 'vitest';
import { redactManageTokens } from './redaction';

describe('the stored copy of a sent e-mail', () => {
  it('loses every manage token, in text and in HTML, and nothing else', () => {
    const token = 'A'.repeat(21) + '_-' + 'b'.repeat(20);
    const text = `Manage: https://shop.example/my-booking?token=${token}\nThanks`;
    expect(redactManageTokens(text)).toBe('Manage: https://shop.example/my-booking?token=removed-after-sending\nThanks');
    const html = `<a href="https://shop.example/my-booking?token=${token}">https://shop.example/my-booking?token=${token}</a>`;
    expect(redactManageTokens(html)).not.toContain(token);
    expect(redactManageTokens(`Manage your consultation: https://shop.example/my-consultation?token=${token}`)).toBe(
      'Manage your consultation: https://shop.example/my-consultation?token=removed-after-sending',
    );
    expect(redactManageTokens('https://shop.example/submit-review?token=abc')).toBe('https://shop.example/submit-review?token=abc');
    // The waitlist's links open an offer (book or decline it) or leave the list: gone too.
    expect(redactManageTokens(`Book it: https://shop.example/waitlist/offer?token=${token}&decline=1`)).toBe('Book it: https://shop.example/waitlist/offer?token=removed-after-sending&decline=1');
    expect(redactManageTokens(`https://shop.example/waitlist/leave?token=${token}`)).toBe('https://shop.example/waitlist/leave?token=removed-after-sending');
    expect(redactManageTokens(`Add to calendar: https://shop.example/api/fn/visits.ics?token=${token}`)).toBe('Add to calendar: https://shop.example/api/fn/visits.ics?token=removed-after-sending');
  });
});
