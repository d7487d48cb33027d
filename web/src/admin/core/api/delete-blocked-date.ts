import { pb } from '@/lib/pb';

/** Opens a blocked date again (admin delete rule). */
export async function deleteBlockedDate(id: string): Promise<void> {
  await pb.collection('blocked_dates').delete(id, { requestKey: null });
}
