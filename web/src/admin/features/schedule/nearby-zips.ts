/**
 * The ZIP centroids of the drive between visits on the owner's day (docs/decisions/035),
 * loaded on demand and once per page: the subset (`virtual:nearby-zips`, made at build time
 * from the server's table) is a chunk of its own, so the day renders at once and its drive lines
 * appear when the chunk arrives. The service worker precaches it with the app, so offline too.
 */
import { useSyncExternalStore } from 'react';
import type { CentroidLookup } from '@domain/place/distance';
import { nearbyZipLookup } from '@domain/place/zip-nearby';
import { logWarning } from '@/lib/log';

let lookup: CentroidLookup | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('virtual:nearby-zips').then(
    (m) => {
      lookup = nearbyZipLookup(m.default);
      for (const l of [...listeners]) l();
    },
    (err: unknown) => {
      // No drive lines this time (they are a help, not the day); the next view tries again.
      loading = null;
      logWarning('Could not load the ZIP table of the drive estimates', err);
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => {
    listeners.delete(listener);
  };
}

const current = () => lookup;
const onServer = () => null;

/** The subset's centroid lookup (5-digit ZIP → [latitude, longitude]), or null until it has loaded. */
export function useNearbyZips(): CentroidLookup | null {
  return useSyncExternalStore(subscribe, current, onServer);
}
