import { describe, expect, it } from 'vitest';
import { zipRecord } from '../../tests/support/zip-records';
import { BUSINESS } from '../business';
import zipData from '../data/zip-centroids.json';
import { estimateMiles } from './distance';
import { DEFAULT_MAX_SERVICE_MILES } from './service-area';
import { zipCentroidEntries, zipCentroids } from './zip-centroids';
import { NEARBY_ZIP_MILES, nearbyZipLookup, nearbyZipTable } from './zip-nearby';

const full = zipCentroids(zipData.centroids);
const table = nearbyZipTable(zipData.centroids, BUSINESS.baseZip);
const nearby = nearbyZipLookup(table);

describe('the admin’s ZIP subset (docs/decisions/035)', () => {
  it(`keeps more than the default service area: ${NEARBY_ZIP_MILES} road miles`, () => {
    expect(NEARBY_ZIP_MILES).toBeGreaterThanOrEqual(2 * DEFAULT_MAX_SERVICE_MILES);
  });

  it(`holds exactly the ZIPs within ${NEARBY_ZIP_MILES} estimated road miles of the base, at the server's very coordinates`, () => {
    const base = full(BUSINESS.baseZip)!;
    let inside = 0;
    for (const [zip, point] of zipCentroidEntries(zipData.centroids)) {
      if (estimateMiles(base, point) <= NEARBY_ZIP_MILES) {
        expect(nearby(zip), zip).toEqual(point);
        inside++;
      } else {
        expect(nearby(zip), zip).toBeUndefined();
      }
    }
    expect(table.zip).toHaveLength(inside);
    // Maryland, DC and the neighbouring states' nearer parts: thousands, not the country's 41,000.
    expect(inside).toBeGreaterThan(2000);
    expect(inside).toBeLessThan(4000);
  });

  it('is small: compact arrays of small integers', () => {
    expect(table.lat).toHaveLength(table.zip.length);
    expect(table.lon).toHaveLength(table.zip.length);
    for (const n of [...table.zip, ...table.lat, ...table.lon]) expect(Number.isInteger(n)).toBe(true);
    expect(JSON.stringify(table).length).toBeLessThan(35_000);
  });

  it.each<[string, string, [number, number] | undefined]>([
    ['the base', BUSINESS.baseZip, [39.255, -76.8]],
    ['Baltimore', '21201', [39.295, -76.625]],
    ['Washington, DC', '20001', [38.912, -77.018]],
    ['Annapolis', '21401', [38.99, -76.55]],
    ['Miami Beach: too far', '33139', undefined],
    ['not a ZIP', '2104', undefined],
    ['not a ZIP either', '__proto__', undefined],
  ])('%s (%s)', (_name, zip, point) => {
    expect(nearby(zip)).toEqual(point);
  });
});

describe('nearbyZipTable on a hand-made table', () => {
  // 1° of latitude is 69.1 straight miles, 86.4 estimated road miles.
  const hand = { '010': zipRecord('01', 39, -77) + zipRecord('99', 40, -77), '210': zipRecord('43', 39.255, -76.8), '995': zipRecord('01', 61.2, -149.9) };

  it('writes ZIPs as differences from the one before, coordinates from the base, in thousandths of a degree', () => {
    expect(nearbyZipTable(hand, '21043', 100)).toEqual({ baseZip: '21043', miles: 100, origin: [39255, -76800], zip: [1001, 98, 19944], lat: [-255, 745, 0], lon: [-200, -200, 0] });
    expect(nearbyZipTable(hand, '21043', 50).zip).toEqual([1001, 20042]);
  });

  it('reads back what it wrote, leading zeros included', () => {
    const l = nearbyZipLookup(nearbyZipTable(hand, '21043', 100));
    expect(l('01001')).toEqual([39, -77]);
    expect(l('01099')).toEqual([40, -77]);
    expect(l('21043')).toEqual([39.255, -76.8]);
    expect(l('99501')).toBeUndefined();
    expect(l('1001')).toBeUndefined();
  });

  it('refuses a base ZIP the table does not hold', () => {
    expect(() => nearbyZipTable(hand, '20001')).toThrow('The base ZIP 20001 is not in the centroid table');
  });
});
