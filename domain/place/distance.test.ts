import { describe, expect, it } from 'vitest';
import { distanceResult, estimateDurationMinutes, estimateMiles, haversineMiles, parseZip, ROAD_CIRCUITY } from './distance';

describe('parseZip: the last ZIP of the address line (docs/product.md §5 Address lookup; docs/architecture.md reading 16)', () => {
  it.each<[string, string, string | null]>([
    ['plain', '123 Main St, Ellicott City, MD 21043', '21043'],
    ['ZIP+4', '123 Main St, Ellicott City, MD 21043-1234', '21043'],
    ['ZIP+4 with a space', '123 Main St, Ellicott City, MD 21043 1234', '21043'],
    ['ZIP glued to the state', '123 Main St Ellicott City MD21043', '21043'],
    ['ZIP alone', '  21043  ', '21043'],
    ['ZIP then ", USA"', '10 Light St, Baltimore, MD 21202, USA', '21202'],
    ['ZIP then "USA"', '10 Light St, Baltimore, MD 21202 USA', '21202'],
    ['ZIP opening a part, then "United States"', '10 Light St, Baltimore, 21202 United States', '21202'],
    ['5-digit house number, then the ZIP', '12345 Frederick Rd, Ellicott City, MD 21042', '21042'],
    ['5-digit house number that is itself a ZIP (New York)', '10001 Frederick Rd, Ellicott City, MD 21042', '21042'],
    ['5-digit house number after a unit', 'Unit 4, 10001 Frederick Rd, Ellicott City, MD 21042', '21042'],
    ['5-digit house number, no ZIP', '12345 Frederick Rd, Ellicott City, MD', null],
    ['5-digit house number after a unit, no ZIP', 'Unit 4, 10001 Frederick Rd, Ellicott City, MD', null],
    ['no ZIP', '123 Main St, Ellicott City, MD', null],
    ['six digits are not a ZIP', 'Apt 123456, Main St', null],
    ['four digits are not a ZIP', 'PO Box 2104, MD 2104', null],
    ['two ZIPs: the last one counts', '1 Ocean Dr, Miami Beach, FL 33139, near Ellicott City, MD 21043', '21043'],
    ['two ZIPs, the far one last', '8000 Main St, Ellicott City, MD 21043, billing 33139', '33139'],
    ['empty', '', null],
  ])('%s: %j → %s', (_name, address, zip) => {
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

describe('estimateMiles (docs/architecture.md reading 8)', () => {
  it('is the straight line times the road-circuity factor', () => {
    // 0.1° of latitude: 6.9 straight miles → 8.6 road miles once rounded.
    const miles = estimateMiles([39.25, -76.8], [39.35, -76.8]);
    expect(miles).toBeCloseTo(haversineMiles([39.25, -76.8], [39.35, -76.8]) * ROAD_CIRCUITY, 10);
    expect(distanceResult(miles)).toEqual({ distance: 8.6, duration: estimateDurationMinutes(8.6), travelFee: 0 });
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
