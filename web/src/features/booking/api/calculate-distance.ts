/**
 * The address distance lookup (docs/product.md §5 Address lookup, §7 calculate-distance, §9 Travel):
 * 1 s after the address stops changing, and only from 5 characters, POST
 * /api/fn/calculate-distance; the wizard keeps the distance, from which the travel fee and the
 * totals are derived. An address the server refuses (outside the service area, no findable ZIP)
 * keeps its sentence for step 4 to show and block on; any other failure is silent: the distance
 * is cleared (fee 0) and logged.
 */
import { useEffect } from 'react';
import type { DistanceResult } from '@domain/place/distance';
import { useWizard } from '../store';
import { logWarning } from '@/lib/log';

/** docs/product.md §9: address debounce 1000 ms; minimum address length 5. */
export const ADDRESS_DEBOUNCE_MS = 1000;
export const MIN_ADDRESS_LENGTH = 5;

export type DistanceResponse = Partial<DistanceResult> & { error?: string; refused?: boolean };

/** POST /api/fn/calculate-distance { address } → { distance, duration, travelFee } or { error }. */
export async function calculateDistance(address: string, signal?: AbortSignal): Promise<DistanceResponse> {
  // The SDK loads with the first lookup, not with the wizard's first step (booking page speed).
  const { pb } = await import('@/lib/pb');
  return pb.send<DistanceResponse>('/api/fn/calculate-distance', { method: 'POST', body: { address }, signal, requestKey: null });
}

/** The miles of a response, or null when it has an error or no usable distance. */
export function milesOf(res: DistanceResponse): number | null {
  return !res.error && typeof res.distance === 'number' && Number.isFinite(res.distance) && res.distance >= 0 ? res.distance : null;
}

/** The refusal sentence of a response, or null (a distance, or a failure to stay silent about). */
export function refusalOf(res: DistanceResponse): string | null {
  return res.refused && typeof res.error === 'string' && res.error ? res.error : null;
}

const setLookup = (miles: number | null, refusal: string | null) =>
  useWizard.getState().apply((s) => (s.distanceMiles === miles && s.addressRefusal === refusal ? s : { ...s, distanceMiles: miles, addressRefusal: refusal }));

/**
 * Keeps the wizard's distanceMiles in step with the contact address. Mounted once by the
 * wizard (not by the contact form), so a lookup still lands when the customer moves on to
 * step 5 within the debounce; the wizard loads this module once there is an address
 * (DistanceLookup), not with its first step.
 */
export function useDistanceLookup(): void {
  const address = useWizard((s) => s.contact.address.trim());
  useEffect(() => {
    if (address.length < MIN_ADDRESS_LENGTH) {
      setLookup(null, null);
      return;
    }
    // A changed address is not refused until its own lookup says so (the distance stays until then, as before).
    setLookup(useWizard.getState().distanceMiles, null);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      calculateDistance(address, controller.signal).then(
        (res) => {
          if (controller.signal.aborted) return;
          const miles = milesOf(res);
          const refusal = refusalOf(res);
          if (miles === null && !refusal) logWarning('Distance lookup gave no distance:', res.error ?? res);
          setLookup(miles, refusal);
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          logWarning('Distance lookup failed:', err);
          setLookup(null, null);
        },
      );
    }, ADDRESS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [address]);
}

/** useDistanceLookup as a component that renders nothing, for the wizard to mount once this module has loaded. */
export function DistanceLookup(): null {
  useDistanceLookup();
  return null;
}
