import { toast } from 'sonner';
import { useRef, useState, type FormEvent } from 'react';
import { ClientResponseError } from 'pocketbase';
import { ERASE_CUSTOMER_MESSAGES } from '@domain/commands/erase-customer-command';
import { customerKey } from '@domain/customers/customer-key';
import { errorMessage } from '@/lib/pb';
import { requestErasure, type EraseAnswer } from '@/admin/core/mutations';
import { logError } from '@/lib/log';
import { FormModal } from '@/admin/ui/form-modal';
import { FormProblem } from '@/admin/ui/form-problem';

export const ERASE_DIALOG_TEXT = {
  offline: 'Erasing needs a connection.',
  failed: 'The customer could not be erased. Please try again.',
  nothing: 'Nothing is held for this e-mail: it was erased before, or never used.',
  erases:
    'Erased: the name, e-mail, phone and address on every booking, consultation and review; the home’s notes, other notes and messages; review text; stored e-mails; uploaded images and visit photos. Their manage links stop working and queued e-mails are not sent.',
  stays: 'Kept for the books: amounts, dates, statuses, payment methods, receipt numbers and review ratings.',
} as const;

const COLLECTION_WORDS: Record<string, [string, string]> = {
  bookings: ['booking', 'bookings'],
  consultation_requests: ['consultation', 'consultations'],
  customers: ['customer record with notes', 'customer records with notes'],
  testimonials: ['review', 'reviews'],
  charges: ['payment note', 'payment notes'],
  job_events: ['visit note or photo', 'visit notes and photos'],
  mail_log: ['e-mail', 'e-mails'],
  inspiration_images: ['uploaded image', 'uploaded images'],
  booking_links: ['booking link', 'booking links'],
  consultation_links: ['consultation link', 'consultation links'],
  request_keys: ['stored answer', 'stored answers'],
};

/** The problem with the confirmation: '' when `typed` is `email` again (trim and case aside), else the server's sentence. */
export function eraseConfirmProblem(email: string, typed: string): string {
  return customerKey(typed) !== '' && customerKey(typed) === customerKey(email) ? '' : ERASE_CUSTOMER_MESSAGES.confirm;
}

/** The result in words: what changed, by collection ('2 bookings, 1 review, …'), or that nothing was held. */
export function erasedSummary(answer: EraseAnswer): string {
  if (!answer.found) return ERASE_DIALOG_TEXT.nothing;
  const parts = Object.entries(answer.counts)
    .filter(([, n]) => n > 0)
    .map(([collection, n]) => {
      const [one, many] = COLLECTION_WORDS[collection] ?? [collection, collection];
      return `${n} ${n === 1 ? one : many}`;
    });
  return `Erased: ${parts.join(', ')}.`;
}

/**
 * Erase a customer's personal data (pb_hooks/src/lib/customers/erase-customer-route.ts): names
 * what goes and what stays, asks for the e-mail typed again, and calls the route online only:
 * erasure is never queued offline (it is not an outbox action). Shows the server's sentence
 * for a refusal, a generic one for its failure, and the counts when done.
 */
export function EraseCustomerDialog({ open, onClose, onErased, email, name }: { open: boolean; onClose: () => void; onErased?: () => void; email: string; name: string }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [result, setResult] = useState('');
  // One key per erasure of this e-mail: a retry after a lost answer replays it.
  const key = useRef<{ email: string; key: string } | null>(null);

  const close = () => {
    setTyped('');
    setProblem('');
    setResult('');
    key.current = null;
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (result) return close();
    const invalid = eraseConfirmProblem(email, typed);
    if (invalid) return setProblem(invalid);
    if (!navigator.onLine) return setProblem(ERASE_DIALOG_TEXT.offline);
    if (key.current?.email !== customerKey(email)) key.current = { email: customerKey(email), key: `erase-customer-${crypto.randomUUID()}` };
    setBusy(true);
    setProblem('');
    try {
      const answer = await requestErasure(email, typed, key.current.key);
      const summary = erasedSummary(answer);
      if (answer.found && onErased) {
        // The mirror drops the customer's records at the next sync and this page with them: the
        // result is a toast, which outlives the page, and the tab goes back to the list.
        toast.success(`${name || email}: personal data erased`, { description: summary });
        close();
        onErased();
      } else setResult(summary);
    } catch (err) {
      logError('Customer erasure failed', err);
      const refused = err instanceof ClientResponseError && err.status >= 400 && err.status < 500;
      setProblem(refused ? errorMessage(err, ERASE_DIALOG_TEXT.failed) : ERASE_DIALOG_TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal open={open} onClose={close} busy={busy} title={`Erase ${name || email}`} formId="erase-customer-form" submitLabel={result ? 'Done' : 'Erase'} busyLabel="Erasing..." onSubmit={submit}>
      {result ? (
        <p role="status">{result}</p>
      ) : (
        <>
          <p>{ERASE_DIALOG_TEXT.erases}</p>
          <p>{ERASE_DIALOG_TEXT.stays}</p>
          <p>This cannot be undone.</p>
          <div className="field">
            <label htmlFor="erase-customer-email">Type {email} again to confirm</label>
            <input id="erase-customer-email" type="email" autoComplete="off" spellCheck={false} value={typed} disabled={busy} onChange={(e) => setTyped(e.target.value)} />
          </div>
          <FormProblem problem={problem} />
        </>
      )}
    </FormModal>
  );
}
