import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PACKAGES, PACKAGE_SLUGS, type PackageSlug } from '@domain/catalog';
import { NOTICE_HOURS_RANGE, noticeFrom } from '@domain/schedule/notice';
import { BUFFER_MINUTES_RANGE, bufferFrom } from '@domain/schedule/travel-buffer';
import { settingValueProblem } from '@domain/admin/site-settings';
import { saveSetting } from '@/admin/core/mutations';
import type { SettingRow } from '@/admin/core/reads';
import { useSettingsSave } from './use-settings-save';

const asNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** A labelled whole-number input within `range` (its text as typed, checked on save), with an optional hint under it. */
function WholeNumberField({
  id,
  label,
  range,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  range: { min: number; max: number };
  value: string;
  onChange: (text: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" inputMode="numeric" min={range.min} max={range.max} step={1} value={value} onChange={(e) => onChange(e.target.value)} />
      {children}
    </div>
  );
}

/**
 * The customers' minimum notice per package and for consultations, and the travel buffer
 * (`settings` keys notice and travel_buffer_minutes; domain/schedule/notice.ts and
 * travel-buffer.ts), checked with the server's own rules (domain/admin/site-settings.ts). The
 * owner's own bookings and moves from the admin are not held to the notice.
 */
export function NoticeSettings({ notice, buffer, onSaved }: { notice: SettingRow | undefined; buffer: SettingRow | undefined; onSaved: () => void }) {
  const stored = noticeFrom(notice?.value);
  const [visit, setVisit] = useState<Record<PackageSlug, string>>(() => Object.fromEntries(PACKAGE_SLUGS.map((s) => [s, String(stored.visit[s])])) as Record<PackageSlug, string>);
  const [consultation, setConsultation] = useState(String(stored.consultation));
  const [minutes, setMinutes] = useState(String(bufferFrom(buffer?.value)));
  const { saving, save } = useSettingsSave(onSaved);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = { visit_hours: Object.fromEntries(PACKAGE_SLUGS.map((s) => [s, asNumber(visit[s])])), consultation_hours: asNumber(consultation) };
    const m = asNumber(minutes);
    const problem = settingValueProblem('notice', value) ?? settingValueProblem('travel_buffer_minutes', m);
    if (problem) {
      toast.error('Error', { description: problem });
      return;
    }
    await save(async () => {
      await saveSetting('notice', value, notice?.id);
      if (m !== bufferFrom(buffer?.value) || !buffer) await saveSetting('travel_buffer_minutes', m, buffer?.id);
    });
  };

  return (
    <form className="card admin-settings-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="notice-heading">
      <h3 id="notice-heading">Notice and travel time</h3>
      <p className="hint">Customers cannot book a visit starting sooner than this. You can still book any time from the admin.</p>
      {PACKAGES.map((p) => (
        <WholeNumberField
          key={p.slug}
          id={`notice-${p.slug}`}
          label={`${p.title}: hours of notice`}
          range={NOTICE_HOURS_RANGE}
          value={visit[p.slug]}
          onChange={(text) => setVisit((v) => ({ ...v, [p.slug]: text }))}
        />
      ))}
      <WholeNumberField id="notice-consultation" label="Consultations: hours of notice" range={NOTICE_HOURS_RANGE} value={consultation} onChange={setConsultation} />
      <WholeNumberField id="travel-buffer" label="Travel buffer (minutes)" range={BUFFER_MINUTES_RANGE} value={minutes} onChange={setMinutes}>
        <p className="hint">A time right after another visit is offered only when the estimated drive between the two addresses fits in the time between them plus this many minutes.</p>
      </WholeNumberField>
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
