import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DEFAULT_MAX_SERVICE_MILES } from '@domain/place/service-area';
import { CREWS_RANGE, SERVICE_MILES_RANGE, settingValueProblem } from '@domain/admin/site-settings';
import { saveSetting } from '@/admin/core/mutations';
import type { SettingRow } from '@/admin/core/reads';
import { useSettingsSave } from './use-settings-save';

const crewsOf = (row: SettingRow | undefined) => {
  const n = Number((row?.value as { crews?: unknown } | null)?.crews);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
const milesOf = (row: SettingRow | undefined) => (typeof row?.value === 'number' ? row.value : DEFAULT_MAX_SERVICE_MILES);

/**
 * The number of crews (docs/architecture.md reading 4: a slot is taken when as many bookings overlap it)
 * and the farthest address served (decision 16), from `settings` keys capacity and
 * max_service_miles, checked with the server's own rules (domain/admin/site-settings.ts).
 */
export function CapacitySettings({ capacity, maxMiles, onSaved }: { capacity: SettingRow | undefined; maxMiles: SettingRow | undefined; onSaved: () => void }) {
  const [crews, setCrews] = useState(String(crewsOf(capacity)));
  const [miles, setMiles] = useState(String(milesOf(maxMiles)));
  const { saving, save } = useSettingsSave(onSaved);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const c = crews.trim() === '' ? NaN : Number(crews);
    const m = miles.trim() === '' ? NaN : Number(miles);
    const problem = settingValueProblem('capacity', { crews: c }) ?? settingValueProblem('max_service_miles', m);
    if (problem) {
      toast.error('Error', { description: problem });
      return;
    }
    await save(async () => {
      if (c !== crewsOf(capacity)) await saveSetting('capacity', { crews: c }, capacity?.id);
      if (m !== milesOf(maxMiles)) await saveSetting('max_service_miles', m, maxMiles?.id);
    });
  };

  return (
    <form className="card admin-settings-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="capacity-heading">
      <h3 id="capacity-heading">Crews and service area</h3>
      <div className="field">
        <label htmlFor="crews">Crews working at the same time</label>
        <input id="crews" type="number" inputMode="numeric" min={CREWS_RANGE.min} max={CREWS_RANGE.max} step={1} value={crews} onChange={(e) => setCrews(e.target.value)} />
        <p className="hint">A time slot stays open until this many bookings overlap it.</p>
      </div>
      <div className="field">
        <label htmlFor="max-miles">Farthest address served (miles)</label>
        <input id="max-miles" type="number" inputMode="decimal" min={SERVICE_MILES_RANGE.min} max={SERVICE_MILES_RANGE.max} step="any" value={miles} onChange={(e) => setMiles(e.target.value)} />
      </div>
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
