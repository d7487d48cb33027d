import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { zipRecord } from '../../tests/support/zip-records';
import { BUSINESS } from '../business';
import zipData from '../data/zip-centroids.json';
import { zipCentroidEntries, zipCentroids } from './zip-centroids';

interface PackageZip {
  latitude: number | string;
  longitude: number | string;
  state: string;
  country: string;
}
// The dev dependency the table is generated from (it ships no types).
const { codes } = createRequire(import.meta.url)('zipcodes') as { codes: Record<string, PackageZip> };

const lookup = zipCentroids(zipData.centroids);

describe('the bundled ZIP table (docs/architecture.md reading 16: every US ZIP is known)', () => {
  it('holds every located US ZIP of the zipcodes package, to 0.001°', () => {
    let checked = 0;
    for (const [zip, item] of Object.entries(codes)) {
      if (item.country !== 'US' || ['AA', 'AE', 'AP'].includes(item.state)) continue;
      const p = lookup(zip);
      expect(p, zip).toBeDefined();
      expect(Math.abs(p![0] - Number(item.latitude)), zip).toBeLessThanOrEqual(0.0005 + 1e-9);
      expect(Math.abs(p![1] - Number(item.longitude)), zip).toBeLessThanOrEqual(0.0005 + 1e-9);
      checked++;
    }
    expect(checked).toBe(zipData.count);
    expect(checked).toBeGreaterThan(40000);
  });

  it.each<[string, string, number, number]>([
    ['the base ZIP', BUSINESS.baseZip, 39.255, -76.8],
    ['Miami Beach, FL', '33139', 25.787, -80.156],
    ['a leading zero (San Juan, PR)', '00901', 18.4, -66.06],
    ['Anchorage, AK', '99501', 61.212, -149.876],
    ['east of the date line (Hagåtña, GU)', '96932', 13.47, 144.74],
  ])('%s: %s', (_name, zip, lat, lon) => {
    const p = lookup(zip);
    expect(p?.[0]).toBeCloseTo(lat, 2);
    expect(p?.[1]).toBeCloseTo(lon, 2);
  });

  it.each(['00000', '99999', '2104', '210431', 'abcde', '', '__proto__', 'toString'])('%j is unknown', (zip) => {
    expect(lookup(zip)).toBeUndefined();
  });

  it('lists every ZIP once, sorted, each where the lookup finds it', () => {
    const entries = zipCentroidEntries(zipData.centroids);
    expect(entries).toHaveLength(zipData.count);
    const zips = entries.map(([zip]) => zip);
    expect(zips).toEqual([...zips].sort());
    expect(new Set(zips).size).toBe(zips.length);
    for (const [zip, point] of entries) expect(lookup(zip), zip).toEqual(point);
  });
});

describe('zipCentroids on a hand-made table', () => {
  it('finds the record with the ZIP’s last two digits in its prefix’s string', () => {
    const l = zipCentroids({ '210': zipRecord('42', 39.28, -76.83) + zipRecord('43', 39.255, -76.8) });
    expect(l('21043')).toEqual([39.255, -76.8]);
    expect(l('21042')).toEqual([39.28, -76.83]);
    expect(l('21044')).toBeUndefined();
    expect(l('21143')).toBeUndefined();
  });

  it('answers a ZIP found before from what it kept, and keeps no miss', () => {
    const table: Record<string, string> = { '210': zipRecord('43', 39.255, -76.8) };
    const l = zipCentroids(table);
    const first = l('21043');
    // The table is read once per ZIP: a later lookup of a found ZIP does not read it again.
    table['210'] = zipRecord('43', 1, 1);
    expect(l('21043')).toBe(first);
    expect(l('21044')).toBeUndefined();
    table['210'] += zipRecord('44', 39.214, -76.879);
    expect(l('21044')).toEqual([39.214, -76.879]);
  });

  it('decodes the extremes', () => {
    const l = zipCentroids({ '000': zipRecord('00', -90, -180) + zipRecord('99', 90, 180) });
    expect(l('00000')).toEqual([-90, -180]);
    expect(l('00099')).toEqual([90, 180]);
  });

  it('ignores malformed records', () => {
    expect(zipCentroids({ '210': '43fn!AZWM' })('21043')).toBeUndefined();
    expect(zipCentroids({ '210': '43fn' })('21043')).toBeUndefined();
  });

  it('lists the well-formed records of each prefix, prefixes in ZIP order', () => {
    const table = { '210': zipRecord('43', 39.255, -76.8) + '43fn!AZWM' + zipRecord('44', 39.214, -76.879), '005': zipRecord('01', 40.8, -73), x12: zipRecord('00', 1, 1) };
    expect(zipCentroidEntries(table)).toEqual([
      ['00501', [40.8, -73]],
      ['21043', [39.255, -76.8]],
      ['21044', [39.214, -76.879]],
    ]);
  });
});
