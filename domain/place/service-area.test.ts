import { describe, expect, it } from 'vitest';
import { distanceResult, type CentroidLookup, type LatLon } from './distance';
import { DEFAULT_MAX_SERVICE_MILES, NO_ZIP_MESSAGE, serviceAreaDistance, tooFarMessage, type Router } from './service-area';
import { travelFeeCents } from './travel';

// Points due north of the base: 0.01° of latitude is 0.691 straight miles, 0.864 road miles.
const BASE: LatLon = [39.25, -76.8];
const north = (roadMiles: number): LatLon => [BASE[0] + roadMiles / 86.36, BASE[1]];
const TABLE: Record<string, LatLon> = { '21043': BASE, '21104': north(8.6), '17000': north(45), '17001': north(60.2), '33139': [25.787, -80.156] };
const centroid: CentroidLookup = (zip) => TABLE[zip];
const opts = { baseZip: '21043', centroid, maxMiles: DEFAULT_MAX_SERVICE_MILES };

describe('serviceAreaDistance (docs/architecture.md reading 16)', () => {
  it('serves a nearby ZIP free of charge', () => {
    expect(serviceAreaDistance('1 Oak Ln, Marriottsville, MD 21104', opts)).toEqual(distanceResult(8.6));
  });

  it('serves a far ZIP within the maximum with the travel fee ($2 a mile beyond 20)', () => {
    const r = serviceAreaDistance('9 Far Rd, Somewhere, PA 17000', opts);
    expect(r).toEqual({ distance: 45, duration: 77, travelFee: travelFeeCents(45) });
    expect(travelFeeCents(45)).toBe(5000);
  });

  it.each<[string, string, string]>([
    ['no ZIP', '5 Main St, Ellicott City, MD', NO_ZIP_MESSAGE],
    ['a house number and no ZIP', '12345 Frederick Rd, Ellicott City, MD', NO_ZIP_MESSAGE],
    ['a ZIP that does not exist', '5 Main St, Nowhere 99999', NO_ZIP_MESSAGE],
    ['garbage', '%%%%%%', NO_ZIP_MESSAGE],
    ['just beyond the maximum', '1 Edge Rd, Edge, PA 17001', tooFarMessage('17001', 60.2, 60)],
    ['Miami Beach', '1 Ocean Dr, Miami Beach, FL 33139', tooFarMessage('33139', 1187.9, 60)],
  ])('%s → { error }', (_name, address, error) => {
    expect(serviceAreaDistance(address, opts)).toEqual({ error });
  });

  it('says the ZIP, the distance and the maximum in a plain sentence', () => {
    expect(tooFarMessage('33139', 1186.1, 60)).toBe('Sorry, ZIP code 33139 is 1186.1 miles away, outside our service area (up to 60 miles).');
    expect(NO_ZIP_MESSAGE).toBe('Please include your ZIP code so we can confirm the travel fee.');
  });

  it('measures to the last ZIP, past a five-digit house number', () => {
    expect(serviceAreaDistance('33139 Ocean Rd, Marriottsville, MD 21104', opts)).toEqual(distanceResult(8.6));
  });

  it('serves exactly the maximum, compared on the distance as shown (0.1 mile)', () => {
    const at = (miles: number) => serviceAreaDistance('1 Oak Ln 21104', { ...opts, maxMiles: miles });
    expect(at(8.6)).toEqual(distanceResult(8.6));
    expect(at(8.5)).toEqual({ error: tooFarMessage('21104', 8.6, 8.5) });
  });

  describe('with a router', () => {
    const calls: string[] = [];
    const router =
      (miles: number | null): Router =>
      (address) => {
        calls.push(address);
        return miles === null ? null : distanceResult(miles, 40);
      };

    it('takes the routed distance once the ZIP is known', () => {
      expect(serviceAreaDistance('9 Far Rd, Somewhere, PA 17000', { ...opts, route: router(30) })).toEqual(distanceResult(30, 40));
    });

    it('refuses a routed distance beyond the maximum', () => {
      expect(serviceAreaDistance('1 Oak Ln 21104', { ...opts, route: router(75) })).toEqual({ error: tooFarMessage('21104', 75, 60) });
    });

    it('falls back to the ZIP estimate when the router finds nothing', () => {
      expect(serviceAreaDistance('1 Oak Ln 21104', { ...opts, route: router(null) })).toEqual(distanceResult(8.6));
    });

    it('is never asked about an address without a known ZIP', () => {
      calls.length = 0;
      const route = router(10);
      expect(serviceAreaDistance('1 Oak Ln, Ellicott City, MD', { ...opts, route })).toEqual({ error: NO_ZIP_MESSAGE });
      expect(serviceAreaDistance('1 Oak Ln 99999', { ...opts, route })).toEqual({ error: NO_ZIP_MESSAGE });
      expect(calls).toEqual([]);
    });
  });

  it('throws when the base ZIP is missing from the table (a broken build)', () => {
    expect(() => serviceAreaDistance('1 Oak Ln 21104', { ...opts, baseZip: '00000' })).toThrow(/base ZIP/);
  });
});
