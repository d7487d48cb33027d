import { pb } from '@/lib/pb';

export interface BlockedDateRow {
  id: string;
  blocked_date: string;
  reason: string;
}

/** Every blocked date, earliest first (public list rule). */
export function listBlockedDates(): Promise<BlockedDateRow[]> {
  return pb.collection('blocked_dates').getFullList<BlockedDateRow>({ sort: 'blocked_date', fields: 'id,blocked_date,reason', requestKey: null });
}
