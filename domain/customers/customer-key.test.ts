import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerKey, customerRef } from './customer-key';

describe('customerKey', () => {
  it.each([
    ['  Ann@Example.com ', 'ann@example.com'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (email, key) => expect(customerKey(email)).toBe(key));
});

describe('customerRef: the customer in the admin address bar without the e-mail', () => {
  it('is the same for the same key, whatever the case and spaces of the address it came from', () => {
    expect(customerRef(customerKey(' Ann@Example.com'))).toBe(customerRef('ann@example.com'));
  });

  it('tells near addresses apart', () => {
    expect(customerRef('ann@example.com')).not.toBe(customerRef('ann@example.co'));
    expect(customerRef('ann@example.com')).not.toBe(customerRef('anne@example.com'));
  });

  it('is URL-safe and carries nothing of the address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const ref = customerRef(customerKey(email));
        expect(ref).toMatch(/^c[0-9a-z]{1,7}$/);
        expect(ref).not.toContain('@');
      }),
    );
  });
});
