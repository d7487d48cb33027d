import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ymd } from '@domain/schedule/calendar';
import { parseSeasonSave } from '@domain/commands/season-save-command';
import { closingHoursFrom, patternSeasonRecord, type EarlyBird, type SeasonRecord } from '@domain/schedule/seasons';
import { CLOSING_HOUR_RANGE, closingWeek, formatHour } from '@domain/schedule/slots';
import { pb } from '@/lib/pb';
import { reportError } from '@/admin/ui/report-error';

type WindowKey = 'install' | 'removal' | 'consultation';
const WINDOWS: [WindowKey, string][] = [
  ['install', 'Installations'],
  ['removal', 'Removals'],
  ['consultation', 'Consultations'],
];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The hours a day may close at (12 PM … 11 PM). */
const CLOSING_CHOICES = Array.from({ length: CLOSING_HOUR_RANGE.max - CLOSING_HOUR_RANGE.min + 1 }, (_, i) => CLOSING_HOUR_RANGE.min + i);
/** Monday first, as the site names the work days. */
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0];
const LOCKED = 'This season has a booking: only its last installation and removal days can move, and only later.';

/** A `seasons` record as the admin reads it (admins read; writes go through POST /api/fn/seasons). */
interface SeasonRow {
  id: string;
  year: number;
  install_start: string;
  install_end: string;
  removal_start: string;
  removal_end: string;
  consultation_start: string;
  consultation_end: string;
  work_days: number[] | null;
  /** Weekday → closing hour; null or {} for the pattern. */
  closing_hours: unknown;
  renewals_open: string;
  public_opens: string;
  early_bird_kind: '' | 'percent' | 'amount';
  early_bird_value: number;
  early_bird_until: string;
}

function recordOf(r: SeasonRow): SeasonRecord {
  const earlyBird: EarlyBird | null = r.early_bird_kind ? { kind: r.early_bird_kind, value: r.early_bird_value, until: r.early_bird_until } : null;
  return {
    year: r.year,
    install: { start: r.install_start, end: r.install_end },
    removal: { start: r.removal_start, end: r.removal_end },
    consultation: { start: r.consultation_start, end: r.consultation_end },
    workDays: Array.isArray(r.work_days) && r.work_days.length > 0 ? r.work_days : patternSeasonRecord(r.year).workDays,
    closingHours: closingHoursFrom(r.closing_hours),
    renewalsOpen: r.renewals_open,
    publicOpens: r.public_opens,
    earlyBird,
  };
}

/** Whether season `year` has a booking (not cancelled) installed in it: then its fields lock (domain/schedule/seasons.ts seasonEditProblem). */
async function seasonHasBooking(year: number): Promise<boolean> {
  const filter = pb.filter("install_date >= {:from} && install_date <= {:to} && status != 'cancelled'", { from: ymd(year, 7, 1), to: ymd(year + 1, 6, 30) });
  const page = await pb.collection('bookings').getList(1, 1, { filter, fields: 'id', requestKey: null });
  return page.totalItems > 0;
}

interface Loaded {
  season: SeasonRecord;
  hasBooking: boolean;
  isNew: boolean;
}

/**
 * The Seasons card (domain/schedule/seasons.ts): each season the owner set, by year, with its
 * windows, work days, each work day's closing hour ('Sunday closes at 6 PM', the pattern
 * prefilled; docs/decisions/055), 'Renewals open', 'Public booking opens' and the early-bird
 * price cut ('Early-bird price until'); 'Add next season' starts from docs/product.md's pattern. Once a
 * season has a booking its fields are locked but the last installation and removal days, which
 * may only move later (the server refuses otherwise). Saved through POST /api/fn/seasons;
 * online only, like the other settings. A year without a season follows the usual pattern.
 */
export function SeasonsSettings({ soldYear }: { soldYear: number }) {
  const [seasons, setSeasons] = useState<Loaded[] | null>(null);
  const [version, setVersion] = useState(0);
  const online = typeof navigator === 'undefined' || navigator.onLine;

  useEffect(() => {
    if (!online) return;
    let live = true;
    pb.collection('seasons')
      .getFullList<SeasonRow>({ sort: 'year', requestKey: null })
      .then((rows) => Promise.all(rows.map(async (r) => ({ season: recordOf(r), hasBooking: await seasonHasBooking(r.year), isNew: false }))))
      .then(
        (loaded) => live && setSeasons(loaded),
        (err) => live && reportError(err, 'Failed to load the seasons'),
      );
    return () => {
      live = false;
    };
  }, [version, online]);

  const nextYear = seasons && seasons.length > 0 ? Math.max(...seasons.map((s) => s.season.year)) + 1 : soldYear;
  const addNext = () => setSeasons((list) => [...(list ?? []), { season: patternSeasonRecord(nextYear), hasBooking: false, isNew: true }]);

  return (
    <section className="card admin-settings-card" aria-labelledby="seasons-heading">
      <h3 id="seasons-heading">Seasons</h3>
      {!online ? (
        <p className="hint">Seasons need a connection: you are offline.</p>
      ) : !seasons ? (
        <p role="status">Loading seasons…</p>
      ) : (
        <>
          <p className="hint">Customers can only book inside a season’s windows. A year without a season here follows the usual dates.</p>
          {seasons.map((s) => (
            <SeasonForm key={`${s.season.year}-${version}`} loaded={s} onSaved={() => setVersion((v) => v + 1)} />
          ))}
          {!seasons.some((s) => s.isNew) && (
            <div className="admin-actions">
              <button type="button" className="button" onClick={addNext}>
                Add next season
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function SeasonForm({ loaded, onSaved }: { loaded: Loaded; onSaved: () => void }) {
  const { hasBooking } = loaded;
  const y = loaded.season.year;
  const [s, setS] = useState<SeasonRecord>(loaded.season);
  const [kind, setKind] = useState<'' | 'percent' | 'amount'>(loaded.season.earlyBird?.kind ?? '');
  // Percent as typed, or dollars for an amount (stored in cents).
  const [value, setValue] = useState(() => {
    const eb = loaded.season.earlyBird;
    return !eb ? '' : eb.kind === 'amount' ? String(eb.value / 100) : String(eb.value);
  });
  const [until, setUntil] = useState(loaded.season.earlyBird?.until ?? '');
  const [saving, setSaving] = useState(false);
  const id = (name: string) => `season-${y}-${name}`;
  const locked = (field: string) => hasBooking && field !== 'install-end' && field !== 'removal-end';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = kind === 'amount' ? Math.round(Number(value) * 100) : Number(value);
    const body = { ...s, earlyBird: kind ? { kind, value: cents, until } : null };
    const parsed = parseSeasonSave(body as unknown as Record<string, unknown>);
    if (!parsed.ok) {
      toast.error('Error', { description: parsed.message });
      return;
    }
    setSaving(true);
    try {
      await pb.send('/api/fn/seasons', { method: 'POST', body: parsed.value, requestKey: null });
      toast.success(`Season ${y} saved`);
      onSaved();
    } catch (err) {
      reportError(err, 'Failed to save the season');
    } finally {
      setSaving(false);
    }
  };

  const dateField = (name: string, label: string, v: string, set: (v: string) => void) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}</label>
      <input id={id(name)} type="date" value={v} disabled={locked(name)} onChange={(e) => set(e.target.value)} />
    </div>
  );

  return (
    <form className="admin-season" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={id('heading')}>
      <h4 id={id('heading')}>
        Season {y}
        {loaded.isNew ? ' (new)' : ''}
      </h4>
      {hasBooking && <p className="hint">{LOCKED}</p>}
      {WINDOWS.map(([key, label]) => (
        <fieldset key={key} className="admin-range">
          <legend>{label}</legend>
          {dateField(`${key}-start`, 'First day', s[key].start, (v) => setS({ ...s, [key]: { ...s[key], start: v } }))}
          {dateField(`${key}-end`, 'Last day', s[key].end, (v) => setS({ ...s, [key]: { ...s[key], end: v } }))}
        </fieldset>
      ))}
      <fieldset className="admin-range" disabled={hasBooking}>
        <legend>Installation days</legend>
        {DAY_ORDER.map((d) => (
          <label key={d} className="check">
            <input
              type="checkbox"
              checked={s.workDays.includes(d)}
              onChange={(e) => setS({ ...s, workDays: e.target.checked ? [...s.workDays, d].sort((a, b) => a - b) : s.workDays.filter((x) => x !== d) })}
            />{' '}
            {DAYS[d]}
          </label>
        ))}
      </fieldset>
      <fieldset className="admin-range" disabled={hasBooking}>
        <legend>Closing hours</legend>
        {DAY_ORDER.filter((d) => s.workDays.includes(d)).map((d) => (
          <div key={d} className="field">
            <label htmlFor={id(`closes-${d}`)}>{DAY_NAMES[d]} closes at</label>
            <select id={id(`closes-${d}`)} value={closingWeek(s.closingHours)[d]} onChange={(e) => setS({ ...s, closingHours: { ...s.closingHours, [d]: Number(e.target.value) } })}>
              {CLOSING_CHOICES.map((h) => (
                <option key={h} value={h}>
                  {formatHour(h)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      {dateField('renewals', 'Renewals open', s.renewalsOpen, (v) => setS({ ...s, renewalsOpen: v }))}
      {dateField('public', 'Public booking opens', s.publicOpens, (v) => setS({ ...s, publicOpens: v }))}
      <fieldset className="admin-range" disabled={hasBooking}>
        <legend>Early-bird price</legend>
        <div className="field">
          <label htmlFor={id('eb-kind')}>Price cut</label>
          <select id={id('eb-kind')} value={kind} onChange={(e) => setKind(e.target.value as '' | 'percent' | 'amount')}>
            <option value="">None</option>
            <option value="percent">Percent off</option>
            <option value="amount">Dollars off</option>
          </select>
        </div>
        {kind && (
          <div className="field">
            <label htmlFor={id('eb-value')}>{kind === 'percent' ? 'Percent (1–50)' : 'Dollars'}</label>
            <input id={id('eb-value')} type="number" inputMode="decimal" min={1} step={kind === 'percent' ? 1 : 0.01} value={value} onChange={(e) => setValue(e.target.value)} />
          </div>
        )}
        {kind && dateField('eb-until', 'Early-bird price until', until, setUntil)}
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : `Save season ${y}`}
        </button>
      </div>
    </form>
  );
}
