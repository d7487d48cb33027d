import { useState } from 'react';
import { useBlockedDates } from '@/lib/api/get-blocked-dates';
import { useNotice } from '@/lib/api/get-notice';
import { useSeason } from '@/lib/api/get-season';
import { ConsultationSchedule } from './consultation-schedule';
import { ConsultationSlotGrid } from './consultation-slot-grid';
import { useConsultationSlots } from '../api/get-consultation-slots';
import { moveConsultation, MyBookingError, type MyConsultationView } from '../api/my-consultation';
import '@/components/ui/date-field.css';
import '../consultation.css';

/**
 * 'Pick another time': the consultation calendar's free Wednesday slots (the request page's
 * calendar and grid, the same rules), sent with the time the page showed as `from`. Its own
 * chunk, loaded when the customer starts a move (the calendar is heavy).
 */
export function MoveConsultationForm({ token, consultation: c, onMoved, onClose }: { token: string; consultation: MyConsultationView; onMoved: (v: MyConsultationView) => void; onClose: () => void }) {
  const season = useSeason();
  const notice = useNotice();
  const blocked = useBlockedDates();
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const slots = useConsultationSlots(date, version);

  async function submit() {
    if (!date || !slot) {
      setProblem('Please choose a new date and time.');
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      onMoved(await moveConsultation(token, date, slot, { date: c.date, timeSlot: c.timeSlot }));
    } catch (err) {
      setProblem(err instanceof MyBookingError ? err.message : 'Something went wrong. Please try again, or call us.');
      if (err instanceof MyBookingError && err.status === 409) {
        setSlot(null);
        setVersion((v) => v + 1);
      }
      setBusy(false);
    }
  }

  return (
    <div className="my-consultation__form">
      <ConsultationSchedule
        season={season.data}
        notice={notice}
        seasonFailed={season.error}
        blocked={blocked}
        fullVersion={version}
        date={date}
        onDate={(d) => {
          setDate(d);
          setSlot(null);
        }}
        slotGrid={<ConsultationSlotGrid date={date} loading={slots.loading} data={slots.data} value={slot} onChange={setSlot} />}
      />
      <div className="button-row button-row--start">
        <button type="button" className="button button--primary" onClick={submit} disabled={busy}>
          {busy ? 'Moving…' : 'Move my consultation'}
        </button>
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Keep this time
        </button>
      </div>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
