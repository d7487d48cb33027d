import { describe, expect, it } from 'vitest';
import { firstRunOpen, firstRunSteps, isPlaceholderAddress, type FirstRunFacts } from './first-run';

const done: FirstRunFacts = { installed: true, senderAddress: 'hello@thoughtfullyadorned.com', adminEmail: 'owner@thoughtfullyadorned.com', seasonSaved: true };

describe('a placeholder address', () => {
  it.each([
    ['', true],
    ['bookings@localhost', true],
    ['admin@thoughtfullyadorned.local', true],
    ['noreply@example.com', true],
    ['not-an-address', true],
    ['hello@thoughtfullyadorned.com', false],
    ['hello@e2e.test', false],
  ])('%s: %s', (address, placeholder) => {
    expect(isPlaceholderAddress(address)).toBe(placeholder);
  });
});

describe('the first-run checklist', () => {
  it('ticks each line when done, and is gone once all are', () => {
    expect(firstRunOpen(done)).toBe(false);
    expect(firstRunSteps(done).every((s) => s.done)).toBe(true);
  });
  it.each<[string, Partial<FirstRunFacts>, string]>([
    ['the app not installed', { installed: false }, 'install'],
    ["the server's default sender", { senderAddress: 'bookings@localhost' }, 'mail'],
    ["the setup's default admin e-mail", { adminEmail: 'admin@thoughtfullyadorned.local' }, 'mail'],
    ['no season saved', { seasonSaved: false }, 'season'],
  ])('stays while %s, that line unticked', (_name, over, id) => {
    const facts = { ...done, ...over };
    expect(firstRunOpen(facts)).toBe(true);
    expect(
      firstRunSteps(facts)
        .filter((s) => !s.done)
        .map((s) => s.id),
    ).toEqual([id]);
  });
});
