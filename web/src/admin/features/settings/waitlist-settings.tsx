import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { settingValueProblem } from '@domain/admin/site-settings';
import { OFFER_HOURS_RANGE, offerHoursFrom } from '@domain/waitlist/waitlist';
import { saveSetting } from '@/admin/core/mutations';
import type { SettingRow } from '@/admin/core/reads';
import { useSettingsSave } from './use-settings-save';

/**
 * The waitlist's offer window (`settings` key `waitlist`, `{ offer_hours }`; the waitlist
 * contract): how long a freed time is held for the person it is offered to before it passes to
 * the next in line; shorter when the date is near (never past the minimum notice). Checked with
 * the server's own rule (domain/admin/site-settings.ts) and saved like the other settings.
 */
export function WaitlistSettings({ row, onSaved }: { row: SettingRow | undefined; onSaved: () => void }) {
  const [hours, setHours] = useState(String(offerHoursFrom(row?.value)));
  const { saving, save } = useSettingsSave(onSaved);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = { offer_hours: hours.trim() === '' ? NaN : Number(hours) };
    const problem = settingValueProblem('waitlist', value);
    if (problem) {
      toast.error('Error', { description: problem });
      return;
    }
    await save(async () => {
      await saveSetting('waitlist', value, row?.id);
    });
  };

  return (
    <form className="card admin-settings-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading">Waitlist</h3>
      <div className="field">
        <label htmlFor="waitlist-offer-hours">Offer window (hours)</label>
        <input id="waitlist-offer-hours" type="number" inputMode="numeric" min={OFFER_HOURS_RANGE.min} max={OFFER_HOURS_RANGE.max} step={1} value={hours} onChange={(e) => setHours(e.target.value)} />
        <p className="hint">When a time frees up on a full day, it is held for the first person waiting this long, then offered to the next. Shorter when the day is near.</p>
      </div>
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
