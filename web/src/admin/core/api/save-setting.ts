import { pb } from '@/lib/pb';
import type { SettingRow } from './get-settings';

/**
 * Stores a setting's value (admin update/create rules): updates the row `id` when the key
 * exists, else creates it. The server validates the value and answers 400 with a plain
 * sentence when it is malformed. Resolves with the stored row.
 */
export function saveSetting(key: string, value: unknown, id?: string): Promise<SettingRow> {
  const settings = pb.collection('settings');
  return id ? settings.update<SettingRow>(id, { value }, { requestKey: null }) : settings.create<SettingRow>({ key, value }, { requestKey: null });
}
