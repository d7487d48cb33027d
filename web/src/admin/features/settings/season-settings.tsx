import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { addDays, formatLongDate, isYmd, ymd } from '@domain/schedule/calendar';
import { formatCents } from '@domain/money/cents';
import { parseSeasonSave } from '@domain/commands/season-save-command';
import {
  closingHoursFrom,
  earliestRenewalsOpen,
  EARLY_BIRD_MAX_AMOUNT_CENTS,
  EARLY_BIRD_MAX_PERCENT,
  lastInstallDate,
  patternSeasonRecord,
  renewalsOpenProblem,
  type EarlyBird,
  type SeasonRecord,
} from '@domain/schedule/seasons';
import { CLOSING_HOUR_RANGE, closingWeek, formatHour } from '@domain/schedule/slots';
import { pb } from '@/lib/pb';
import { reportError } from '@/admin/ui/report-error';
import { BookingStatus } from '@domain/booking/lifecycle';

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
const LOCKED =
  'This season has a booking: only its last installation and removal days can move (only later), and the early-bird price can change (for bookings made after you save; bookings already made keep their prices).';

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
  const filter = pb.filter(`install_date >= {:from} && install_date <= {:to} && status != '${BookingStatus.Cancelled}'`, { from: ymd(year, 7, 1), to: ymd(year + 1, 6, 30) });
  const page = await pb.collection('bookings').getList(1, 1, { filter, fields: 'id', requestKey: null });
  return page.totalItems > 0;
}

interface Loaded {
  season: SeasonRecord;
  hasBooking: boolean;
  /** 'saved': a record; 'current': the season being sold, not saved yet (it follows the usual dates); 'new': added with 'Add next season'. */
  state: 'saved' | 'current' | 'new';
}

const HEADING_NOTE: Record<Loaded['state'], string> = { saved: '', current: ' (being sold, not saved yet: the usual dates)', new: ' (new)' };

/**
 * The Seasons card (domain/schedule/seasons.ts): each season the owner set, by year, with its
 * windows, work days, each work day's closing hour ('Sunday closes at 6 PM', the pattern
 * prefilled; docs/decisions/055), 'Renewals open', 'Public booking opens' and the early-bird
 * price cut ('Early-bird price until'); 'Add next season' starts from docs/product.md's pattern
 * for the year after the latest listed. The season being sold is always listed, marked when not
 * saved yet. Each date states its rule and earliest date beside it before saving. Once a season
 * has a booking its fields are locked but the last installation and removal days, which may only
 * move later (the server refuses otherwise), and the early-bird price, which applies to bookings
 * made after the change (docs/decisions/059). Saved through POST /api/fn/seasons; online only,
 * like the other settings. A year without a season follows the usual pattern.
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
      .then(async (rows) => {
        const saved = await Promise.all(rows.map(async (r): Promise<Loaded> => ({ season: recordOf(r), hasBooking: await seasonHasBooking(r.year), state: 'saved' })));
        if (saved.some((l) => l.season.year === soldYear)) return saved;
        // The season being sold is listed even before it is saved (it follows the usual dates).
        const current: Loaded = { season: patternSeasonRecord(soldYear), hasBooking: await seasonHasBooking(soldYear), state: 'current' };
        return [...saved, current].sort((a, b) => a.season.year - b.season.year);
      })
      .then(
        (loaded) => live && setSeasons(loaded),
        (err) => live && reportError(err, 'Failed to load the seasons'),
      );
    return () => {
      live = false;
    };
  }, [version, online, soldYear]);

  // The year after the latest listed (the season being sold is always listed): in November 2026, 2027.
  const nextYear = Math.max(soldYear, ...(seasons ?? []).map((s) => s.season.year)) + 1;
  const addNext = () => setSeasons((list) => [...(list ?? []), { season: patternSeasonRecord(nextYear), hasBooking: false, state: 'new' }]);
  const saved = (seasons ?? []).filter((l) => l.state === 'saved').map((l) => l.season);

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
            <SeasonForm key={`${s.season.year}-${version}`} loaded={s} saved={saved} onSaved={() => setVersion((v) => v + 1)} />
          ))}
          {!seasons.some((s) => s.state === 'new') && (
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

/** 'Thursday, December 24, 2026' for a date, '' otherwise. */
const longDate = (d: string) => (isYmd(d) ? formatLongDate(d) : '');

/**
 * Each date's rule, stated beside its field before saving (the server's rules,
 * domain/schedule/seasons.ts): `saved` the seasons stored, for the season before's last installation.
 */
function dateRules(s: SeasonRecord, saved: readonly SeasonRecord[]): Record<string, string> {
  const y = s.year;
  const removalFrom = longDate(isYmd(s.install.end) ? addDays(s.install.end, 1) : '');
  const previousEnd = lastInstallDate(y - 1, saved);
  return {
    install: `Between July 1, ${y} and June 30, ${y + 1} (the ${y} season).`,
    removal: removalFrom ? `Removals start after the last installation day: the earliest first day is ${removalFrom}.` : 'Removals start after the last installation day.',
    consultation: 'The last day on or after the first.',
    renewals: `Renewals can open only after the ${y - 1} installations end (${longDate(previousEnd)}): the earliest is ${longDate(earliestRenewalsOpen(y, saved))}. Left empty, no renewal e-mails.`,
    public: isYmd(s.renewalsOpen)
      ? `On or after 'Renewals open' (${longDate(s.renewalsOpen)}). Left empty, customers can book as soon as the season is being sold.`
      : 'Left empty, customers can book as soon as the season is being sold.',
    percent: `A whole number from 1 to ${EARLY_BIRD_MAX_PERCENT}.`,
    amount: `At most ${formatCents(EARLY_BIRD_MAX_AMOUNT_CENTS)}, half the cheapest package's price.`,
    until: 'The last day of the early-bird price. A change applies to bookings made after you save; bookings already made keep their prices.',
  };
}

function SeasonForm({ loaded, saved, onSaved }: { loaded: Loaded; saved: readonly SeasonRecord[]; onSaved: () => void }) {
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
  // After a booking: the end dates (later only) and the early bird stay editable (docs/decisions/059).
  const locked = (field: string) => hasBooking && field !== 'install-end' && field !== 'removal-end' && field !== 'eb-until';
  const rules = dateRules(s, saved);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = kind === 'amount' ? Math.round(Number(value) * 100) : Number(value);
    const body = { ...s, earlyBird: kind ? { kind, value: cents, until } : null };
    const parsed = parseSeasonSave(body as unknown as Record<string, unknown>);
    // As the server judges it: only a changed 'Renewals open' (seasons.ts renewalsOpenProblem).
    const problem = parsed.ok
      ? parsed.value.renewalsOpen !== (loaded.state === 'saved' ? loaded.season.renewalsOpen : '')
        ? renewalsOpenProblem(parsed.value, lastInstallDate(y - 1, saved))
        : null
      : parsed.message;
    if (!parsed.ok || problem) {
      toast.error('Error', { description: problem ?? '' });
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

  // `rule`: the date's rule, stated under it and read with it (aria-describedby).
  const dateField = (name: string, label: string, v: string, set: (v: string) => void, rule?: string) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}</label>
      <input id={id(name)} type="date" value={v} disabled={locked(name)} onChange={(e) => set(e.target.value)} aria-describedby={rule ? id(`${name}-rule`) : undefined} />
      {rule && (
        <p className="hint" id={id(`${name}-rule`)}>
          {rule}
        </p>
      )}
    </div>
  );

  return (
    <form className="admin-season" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={id('heading')}>
      <h4 id={id('heading')}>
        Season {y}
        {HEADING_NOTE[loaded.state]}
      </h4>
      {hasBooking && <p className="hint">{LOCKED}</p>}
      {WINDOWS.map(([key, label]) => (
        <fieldset key={key} className="admin-range" aria-describedby={id(`${key}-rule`)}>
          <legend>{label}</legend>
          {dateField(`${key}-start`, 'First day', s[key].start, (v) => setS({ ...s, [key]: { ...s[key], start: v } }))}
          {dateField(`${key}-end`, 'Last day', s[key].end, (v) => setS({ ...s, [key]: { ...s[key], end: v } }))}
          <p className="hint admin-range__rule" id={id(`${key}-rule`)}>
            {rules[key]}
          </p>
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
      {dateField('renewals', 'Renewals open', s.renewalsOpen, (v) => setS({ ...s, renewalsOpen: v }), rules.renewals)}
      {dateField('public', 'Public booking opens', s.publicOpens, (v) => setS({ ...s, publicOpens: v }), rules.public)}
      <fieldset className="admin-range">
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
            <input
              id={id('eb-value')}
              type="number"
              inputMode="decimal"
              min={1}
              max={kind === 'percent' ? EARLY_BIRD_MAX_PERCENT : EARLY_BIRD_MAX_AMOUNT_CENTS / 100}
              step={kind === 'percent' ? 1 : 0.01}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-describedby={id('eb-value-rule')}
            />
            <p className="hint" id={id('eb-value-rule')}>
              {kind === 'percent' ? rules.percent : rules.amount}
            </p>
          </div>
        )}
        {kind && dateField('eb-until', 'Early-bird price until', until, setUntil, rules.until)}
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : `Save season ${y}`}
        </button>
      </div>
    </form>
  );
}
