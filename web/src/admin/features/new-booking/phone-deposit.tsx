import { ClientResponseError } from 'pocketbase';
import { useId, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { toast } from 'sonner';
import { formatCents } from '@domain/money/cents';
import { PHONE_BOOKING_MESSAGES, type PhoneDeposit } from '@domain/booking/phone-booking';
import { parsePaymentMethod } from '@domain/money/recorded-payments';
import { adminMirror } from '@/admin/core/admin-data';
import { createPhoneBooking, openOfferSentence } from '@/admin/core/mutations';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { useOnline } from '@/admin/core/use-admin-sync';
import { FormProblem } from '@/admin/ui/form-problem';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/pb';
import type { WizardFinishProps } from '@/lib/wizard-finish';
import { useLinkBooked } from './link-booked';

type Choice = 'cash' | 'check' | 'other' | 'link';

/**
 * The phone booking's last step (docs/decisions/037), in place of 'Pay Deposit': the deposit
 * taken now (cash, check with its number, other) or a payment link e-mailed to the customer.
 * Online only: the server checks and holds the slots. The request keeps one Idempotency-Key per
 * attempt (like the website's checkout), so a retry after a lost answer books once. A booking
 * whose deposit link was e-mailed is followed by 'Booking made' with 'Show QR code' (the frame's
 * LinkBookedPanel), so a customer beside the owner can pay on their own phone at once.
 */
export function PhoneDepositStep({ quote, ready, request, attemptKey, attemptEnded }: WizardFinishProps) {
  const id = useId();
  const navigate = useNavigate();
  const online = useOnline();
  const [choice, setChoice] = useState<Choice>('cash');
  const [checkNumber, setCheckNumber] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  /** The server's sentence naming the waitlist offer that holds the time, asking 'Book anyway?'. */
  const [openOffer, setOpenOffer] = useState<string | null>(null);
  const deposit = quote ? formatCents(quote.depositCents) : 'the deposit';

  const book = async (endOffer = false) => {
    if (!quote || !ready || !request) return setProblem('Please choose the dates and fill in the customer’s details first.');
    let d: PhoneDeposit = { kind: 'link' };
    if (choice !== 'link') {
      const how = parsePaymentMethod({ method: choice, checkNumber, note });
      if (!how.ok) return setProblem(how.message);
      d = { kind: 'recorded', ...how.value };
    }
    setProblem('');
    setBusy(true);
    // Booking anyway is another request (it ends the offer): a key of its own.
    const key = attemptKey(endOffer ? { request, d, endOffer } : { request, d });
    try {
      const answer = await createPhoneBooking(request, d, key, endOffer);
      await adminMirror().apply('bookings', [answer.booking]);
      if (answer.url) useLinkBooked.getState().show({ bookingId: answer.booking.id, url: answer.url, deposit, customerName: request.customerName });
      attemptEnded(200);
      toast.success('Booking made', {
        description: answer.url ? `The ${deposit} deposit link is e-mailed to the customer; the times are held until it is paid.` : 'The confirmation and the receipt are e-mailed to the customer.',
      });
      if (!answer.url) navigate(`${paths.adminDashboard}?tab=bookings`);
    } catch (err) {
      attemptEnded(err instanceof ClientResponseError ? err.status : 0);
      const offer = endOffer ? null : openOfferSentence(err);
      if (offer) setOpenOffer(offer);
      else setProblem(errorMessage(err, 'The booking could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card admin-phone-deposit">
      <fieldset className="admin-payments__methods">
        <legend>The {deposit} deposit</legend>
        {(
          [
            ['cash', 'Cash, taken now'],
            ['check', 'Check, taken now'],
            ['other', 'Other, taken now'],
            ['link', 'E-mail a payment link'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name={`${id}-deposit`} checked={choice === value} onChange={() => setChoice(value)} /> {label}
          </label>
        ))}
      </fieldset>
      {choice === 'check' && (
        <div className="field">
          <label htmlFor={`${id}-check`}>Check number</label>
          <input id={`${id}-check`} inputMode="numeric" value={checkNumber} onChange={(e) => setCheckNumber(e.target.value)} />
        </div>
      )}
      {choice !== 'link' && (
        <div className="field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <input id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      )}
      {!online && <p className="admin-error">{PHONE_BOOKING_MESSAGES.offline}</p>}
      <FormProblem problem={problem} />
      <ConfirmDialog
        open={openOffer !== null}
        title="Book anyway?"
        message={`${openOffer ?? ''} Book anyway? The offer ends and the customer waiting is told the time is no longer available.`}
        confirmLabel="Book anyway"
        busyLabel="Booking…"
        onConfirm={() => book(true)}
        onClose={() => setOpenOffer(null)}
      />
      <button type="button" className="button button--primary button--large" onClick={() => void book()} disabled={busy || !online}>
        {busy ? 'Booking…' : choice === 'link' ? 'Book and e-mail the link' : `Book with the ${deposit} deposit`}
      </button>
    </div>
  );
}
