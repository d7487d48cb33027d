import { describe, expect, it } from 'vitest';
import { inspirationUrlsAhead, type BookingImages } from './prefetch-inspiration';

const ORIGIN = 'https://book.example.com';
const img = (id: string) => `${ORIGIN}/api/files/inspiration_images/${id}/tree.jpg`;
const booking = (over: Partial<BookingImages>): BookingImages => ({ status: 'confirmed', install_date: '2026-11-24', removal_date: '2027-01-05', style_inspiration_images: [img('a')], ...over });

describe('inspirationUrlsAhead', () => {
  const today = '2026-11-20';

  it('takes the images of installs and removals from today to 13 days ahead', () => {
    const urls = inspirationUrlsAhead(
      [
        booking({ install_date: '2026-11-20', style_inspiration_images: [img('today')] }),
        booking({ install_date: '2026-12-03', style_inspiration_images: [img('day13')] }),
        booking({ install_date: '2026-12-04', removal_date: '2027-01-02', style_inspiration_images: [img('day14')] }),
        booking({ install_date: '2026-11-19', removal_date: '2026-11-30', style_inspiration_images: [img('removal')] }),
        booking({ install_date: '2026-11-10', removal_date: '', style_inspiration_images: [img('past')] }),
      ],
      today,
      ORIGIN,
    );
    expect(urls).toEqual([img('today'), img('day13'), img('removal')]);
  });

  it('leaves out cancelled bookings, other origins, other paths and malformed entries, and repeats no URL', () => {
    const urls = inspirationUrlsAhead(
      [
        booking({ status: 'cancelled', style_inspiration_images: [img('cancelled')] }),
        booking({ status: 'payment_conflict', style_inspiration_images: [img('conflict')] }),
        booking({ style_inspiration_images: ['https://evil.example/api/files/inspiration_images/x/y.jpg', '/images/hero-tree-400.webp', 42 as unknown as string, 'http://[bad', img('a')] }),
        booking({ style_inspiration_images: ['/api/files/inspiration_images/a/tree.jpg'] }),
        booking({ style_inspiration_images: null }),
      ],
      today,
      ORIGIN,
    );
    expect(urls).toEqual([img('a')]);
  });
});
