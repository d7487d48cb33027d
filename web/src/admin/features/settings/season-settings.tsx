import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { isYmd } from '@domain/schedule/calendar';
import type { SeasonWindows } from '@domain/schedule/season';
import { settingValueProblem } from '@domain/admin/site-settings';
import { saveSetting } from '@/admin/core/api/save-setting';
import type { SettingRow } from '@/admin/core/api/get-settings';
import { reportError } from '@/admin/ui/report-error';

type WindowKey = 'install' | 'removal' | 'consultation';
const WINDOWS: [WindowKey, string][] = [
  ['install', 'Installations'],
  ['removal', 'Removals'],
  ['consultation', 'Consultations'],
];

/**
 * The season windows (docs/architecture.md reading 3): the dates of installs, removals and consultations
 * of the season being sold, stored in `settings` (key season); the public calendars follow at
 * once. 'Use the usual dates' stores no override, so docs/product.md's month/day pattern applies.
 */
export function SeasonSettings({ season, row, onSaved }: { season: SeasonWindows; row: SettingRow | undefined; onSaved: () => void }) {
  const [w, setW] = useState<Record<WindowKey, { start: string; end: string }>>({
    install: { ...season.install },
    removal: { ...season.removal },
    consultation: { ...season.consultation },
  });
  const [saving, setSaving] = useState(false);
  const overridden = !!row && typeof row.value === 'object' && row.value !== null && Object.keys(row.value).length > 0;

  const save = async (value: object, done: string) => {
    setSaving(true);
    try {
      await saveSetting('season', value, row?.id);
      toast.success(done);
      onSaved();
    } catch (err) {
      reportError(err, 'Failed to save the season dates');
    } finally {
      setSaving(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = WINDOWS.some(([key]) => !isYmd(w[key].start) || !isYmd(w[key].end)) ? 'Please choose a first and a last day for each window.' : settingValueProblem('season', w);
    if (problem) {
      toast.error('Error', { description: problem });
      return;
    }
    void save(w, 'Season dates saved');
  };

  return (
    <form className="card admin-settings-card" onSubmit={submit} noValidate aria-labelledby="season-heading">
      <h3 id="season-heading">Season {season.year}</h3>
      <p className="muted">{overridden ? 'These dates were set here.' : 'The usual dates apply.'} Customers can only book inside these windows.</p>
      {WINDOWS.map(([key, label]) => (
        <fieldset key={key} className="admin-range">
          <legend>{label}</legend>
          <div className="field">
            <label htmlFor={`${key}-start`}>First day</label>
            <input id={`${key}-start`} type="date" value={w[key].start} onChange={(e) => setW({ ...w, [key]: { ...w[key], start: e.target.value } })} />
          </div>
          <div className="field">
            <label htmlFor={`${key}-end`}>Last day</label>
            <input id={`${key}-end`} type="date" value={w[key].end} onChange={(e) => setW({ ...w, [key]: { ...w[key], end: e.target.value } })} />
          </div>
        </fieldset>
      ))}
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save season dates'}
        </button>
        {overridden && (
          <button type="button" className="button" disabled={saving} onClick={() => void save({}, 'The usual season dates apply again')}>
            Use the usual dates
          </button>
        )}
      </div>
    </form>
  );
}
