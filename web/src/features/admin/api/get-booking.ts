import { pb } from '@/lib/pb';
import type { ServerRow } from '../data/transport';

/** GET one booking (admin view rule), to refresh the mirror after a charge. */
export function getBooking(id: string): Promise<ServerRow> {
  return pb.collection('bookings').getOne<ServerRow>(id, { requestKey: null });
}
