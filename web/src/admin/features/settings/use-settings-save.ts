import { useState } from 'react';
import { toast } from 'sonner';
import { reportError } from '@/admin/ui/report-error';

/**
 * How a Settings card saves (online only, like every setting): `save(writes)` runs the card's
 * writes (`saveSetting` calls), then says 'Settings saved' and calls `onSaved`, or reports the
 * failure as 'Failed to save the settings'; `saving` is true meanwhile (the Save button's
 * 'Saving...').
 */
export function useSettingsSave(onSaved: () => void): { saving: boolean; save: (writes: () => Promise<unknown>) => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const save = async (writes: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await writes();
      toast.success('Settings saved');
      onSaved();
    } catch (err) {
      reportError(err, 'Failed to save the settings');
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
