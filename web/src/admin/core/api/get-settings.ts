import { pb } from '@/lib/pb';

/** A row of the `settings` key/value store. */
export interface SettingRow {
  id: string;
  key: string;
  value: unknown;
}

/** Every setting the admin edits, by key (season, capacity, max_service_miles). */
export async function getSettings(): Promise<Map<string, SettingRow>> {
  const rows = await pb.collection('settings').getFullList<SettingRow>({ fields: 'id,key,value', requestKey: null });
  return new Map(rows.map((r) => [r.key, r]));
}
