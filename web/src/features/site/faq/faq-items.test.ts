import { describe, expect, it } from 'vitest';
import { faqItems } from './faq-items';

describe('faqItems (docs/product.md §2 FAQ)', () => {
  const items = faqItems('2026-11-20');

  it('has ten questions with unique ids', () => {
    expect(items).toHaveLength(10);
    expect(new Set(items.map((i) => i.id)).size).toBe(10);
  });

  it.each([
    ['service-area', ['20 miles', '$2 per mile', 'Ellicott City']],
    ['cost', ['$300', 'Adorned Arrangement from $300', 'Elevated Arbor from $900', 'Curated Christmas from $1,000', '$1,000 Luxe Finish']],
    ['timing', ['November 16 – December 23', 'Tuesday, Friday, Saturday and Sunday', '3 hours', '1-hour window']],
    ['removal', ['$150', 'Elevated Arbor and Curated Christmas', '$85', 'December 26 – January 31']],
    ['keep', ['$400 to $1,200', '7.5–9 ft $800']],
    ['payment', ['50% deposit', 'nonrefundable']],
    ['changes', ['72 hours']],
    ['consultation', ['Wednesdays']],
  ])('%s quotes the domain numbers', (id, fragments) => {
    const answer = items.find((i) => i.id === id)?.answer ?? '';
    for (const f of fragments) expect(answer).toContain(f);
  });
});
