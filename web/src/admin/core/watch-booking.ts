/**
 * Keeps one booking's row in the mirror live on a page where the dashboard's sync does not run
 * (docs/architecture.md "Admin data and sync"), e.g. the phone booking's deposit QR code waiting
 * for the deposit: a realtime subscription to the bookings whose events for booking `id` go into
 * the mirror like any other, and once it is live the row read again, so a change made before
 * the subscription took is not missed. Returns the function that ends it.
 */
import { logError } from '@/lib/log';
import { pb } from '@/lib/pb';
import { adminMirror, adminTransport } from './admin-data';
import type { ServerRow, Unsubscribe } from './sync/transport';

export function watchBooking(id: string): () => void {
  let ended = false;
  let unsubscribe: Unsubscribe | null = null;
  void (async () => {
    const u = await adminTransport().subscribe('bookings', (action, row) => {
      if (row.id === id && action !== 'delete') void adminMirror().apply('bookings', [row]);
    });
    if (ended) return void u();
    unsubscribe = u;
    const row = await pb.collection('bookings').getOne<ServerRow>(id, { requestKey: null });
    if (!ended) await adminMirror().apply('bookings', [row]);
  })().catch((err: unknown) => logError('Watching the booking failed', err));
  return () => {
    ended = true;
    void unsubscribe?.();
  };
}
