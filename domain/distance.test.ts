import { describe, expect, it } from 'vitest';
import {
  centroidTable,
  DISTANCE_ERRORS,
  distanceResult,
  estimateDistance,
  estimateDurationMinutes,
  haversineMiles,
  parseZip,
  ROAD_CIRCUITY,
} from './distance';
import { travelFeeCents } from './travel';

describe('parseZip (SPEC.md §5 Address lookup)', () => {
  it.each<[string, string | null]>([
    ['123 Main St, Ellicott City, MD 21043', '21043'],
    ['123 Main St, Ellicott City, MD 21043-1234', '21043'],
    ['123 Main St Ellicott City MD21043', '21043'],
    ['  21043  ', '21043'],
    ['21043', '21043'],
    ['10 Light St, Baltimore, MD 21202, USA', '21202'],
    ['12345 Frederick Rd, Ellicott City, MD 21042', '21042'],
    ['12345 Frederick Rd, Ellicott City, MD', null],
    ['123 Main St, Ellicott City, MD', null],
    ['Apt 123456, Main St', null],
    ['PO Box 2104, MD 2104', null],
    ['', null],
  ])('%j → %s', (address, zip) => {
    expect(parseZip(address)).toBe(zip);
  });
});

describe('haversineMiles', () => {
  it('is zero for the same point', () => {
    expect(haversineMiles([39.25, -76.8], [39.25, -76.8])).toBe(0);
  });
  it('is about 69.1 miles for one degree of latitude', () => {
    expect(haversineMiles([0, 0], [1, 0])).toBeCloseTo(69.09, 1);
  });
  it('is symmetric', () => {
    const a = [39.27, -76.82] as const;
    const b = [38.9, -77.03] as const;
    expect(haversineMiles(a, b)).toBeCloseTo(haversineMiles(b, a), 10);
  });
  it('gives about 27 straight miles from Ellicott City to Washington, DC', () => {
    expect(haversineMiles([39.267, -76.798], [38.895, -77.036])).toBeGreaterThan(25);
    expect(haversineMiles([39.267, -76.798], [38.895, -77.036])).toBeLessThan(30);
  });
});

describe('estimate (DESIGN.md decision 8)', () => {
  const table = centroidTable({
    '21043': [39.25, -76.8],
    // 0.1° of latitude north: 6.9 straight miles → 8.6 road miles.
    '21104': [39.35, -76.8],
    // 0.3° north: 20.7 straight → 25.9 road miles.
    '17000': [39.55, -76.8],
    broken: [Number.NaN, 1],
  });

  it('applies the road-circuity factor and rounds to 0.1 mile', () => {
    const r = estimateDistance('1 Oak Ln, Marriottsville, MD 21104', '21043', table);
    const expected = Math.round(haversineMiles([39.25, -76.8], [39.35, -76.8]) * ROAD_CIRCUITY * 10) / 10;
    expect(r).toEqual({ distance: expected, duration: estimateDurationMinutes(expected), travelFee: 0 });
    expect(expected).toBe(8.6);
  });

  it('charges the travel fee beyond 20 miles on the rounded distance', () => {
    const r = estimateDistance('9 Far Rd, Somewhere, PA 17000', '21043', table);
    expect('distance' in r && r.distance).toBe(25.9);
    expect('travelFee' in r && r.travelFee).toBe(travelFeeCents(25.9));
    expect(travelFeeCents(25.9)).toBe(1180);
  });

  it('is zero within the base ZIP', () => {
    expect(estimateDistance('5 Main St, Ellicott City, MD 21043', '21043', table)).toEqual({ distance: 0, duration: 0, travelFee: 0 });
  });

  it.each<[string, string]>([
    ['5 Main St, Ellicott City, MD', DISTANCE_ERRORS.noZip],
    ['garbage', DISTANCE_ERRORS.noZip],
    ['5 Main St, Nowhere 99999', DISTANCE_ERRORS.unknownZip],
  ])('%j → error', (address, error) => {
    expect(estimateDistance(address, '21043', table)).toEqual({ error });
  });

  it('reports an unknown base ZIP as unknown', () => {
    expect(estimateDistance('1 Oak Ln 21104', '00000', table)).toEqual({ error: DISTANCE_ERRORS.unknownZip });
  });
});

describe('centroidTable', () => {
  const lookup = centroidTable({ '21043': [39.25, -76.8], bad: [Number.NaN, 0] as number[] });
  it('finds known ZIPs and nothing else', () => {
    expect(lookup('21043')).toEqual([39.25, -76.8]);
    expect(lookup('00000')).toBeUndefined();
    expect(lookup('bad')).toBeUndefined();
    expect(lookup('toString')).toBeUndefined();
    expect(lookup('__proto__')).toBeUndefined();
  });
});

describe('distanceResult', () => {
  it('keeps a router’s minutes and rounds miles', () => {
    expect(distanceResult(23.46, 31)).toEqual({ distance: 23.5, duration: 31, travelFee: 700 });
  });
  it('estimates minutes at the average speed', () => {
    expect(estimateDurationMinutes(35)).toBe(60);
  });
});
