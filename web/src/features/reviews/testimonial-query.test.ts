import { describe, expect, it } from 'vitest';
import { parseTestimonialQuery, testimonialSearch } from './testimonial-query';

const parse = (search: string) => parseTestimonialQuery(new URLSearchParams(search));

describe('parseTestimonialQuery', () => {
  it('reads the rating, stage and page', () => {
    expect(parse('rating=5&stage=post_removal&page=2')).toEqual({ rating: 5, stage: 'post_removal', page: 2 });
    expect(parse('')).toEqual({ rating: null, stage: null, page: 1 });
  });

  it('falls back to all ratings, all stages and page 1 for anything malformed', () => {
    for (const rating of ['0', '6', '4.5', 'five', '', ' ']) expect(parse(`rating=${rating}`).rating, rating).toBeNull();
    for (const stage of ['during', 'POST_INSTALL', '']) expect(parse(`stage=${stage}`).stage, stage).toBeNull();
    for (const page of ['0', '-1', '1.5', 'x', '10001', '']) expect(parse(`page=${page}`).page, page).toBe(1);
    expect(parse('page=10000').page).toBe(10_000);
  });
});

describe('testimonialSearch', () => {
  it('writes only what differs from all reviews on page 1, and reads back the same', () => {
    expect(testimonialSearch({ rating: null, stage: null, page: 1 }).toString()).toBe('');
    const q = { rating: 4, stage: 'post_install' as const, page: 3 };
    expect(testimonialSearch(q).toString()).toBe('rating=4&stage=post_install&page=3');
    expect(parseTestimonialQuery(testimonialSearch(q))).toEqual(q);
  });
});
