/**
 * 'Reserve my week again' (domain/customers/renewals.ts): /booking?renewal=<token> reads GET
 * /api/fn/renewal, whose contact is masked (docs/decisions/058): the wizard shows the masked
 * name and e-mail and asks the customer to type the e-mail the renewal was sent to; POST
 * /api/fn/renewal { token, email } answers the contact in full, and the wizard opens filled in
 * with last year's contact and choices and the proposed dates. The proposed slots are kept only while still free (GET /api/fn/availability);
 * the wizard then opens on the checkout step when both visits are free, else on the dates step.
 * The token is kept for this browser session and sent with the checkout (`renewalToken`), which
 * lets a returning customer book before "Public booking opens"; the price and the early bird
 * are the server's. Plain fetches, not the SDK: the wizard's first step loads no API client.
 * The route module starts the masked read as it loads (prefetchRenewal, web/src/lib/early-request.ts).
 */
import { useEffect, useState } from 'react';
import type { RenewalPrefill } from '@domain/customers/renewals';
import type { VisitKind } from '@domain/schedule/slots';
import { useWizard } from './store';
import type { WizardState } from './wizard-state';
import { withPrefill } from './wizard-changes';
import { startEarly, takeEarly, takeEarlyResponse } from '@/lib/early-request';
import { renewalToken, TOKEN_KEY, type RenewalStatus } from './renewal-status';

/** The sentence of the per-connection limit on typing the e-mail (pb_migrations/1732000950). */
const TOO_MANY = 'Too many tries from this connection. Please wait a few minutes and try again, or call us.';

/** The proposed slot when GET /api/fn/availability says it is free on its date, else null. */
async function freeSlot(date: string, slot: string, size: string, kind: VisitKind, installDate?: string): Promise<string | null> {
  if (!date || !slot) return null;
  const query = new URLSearchParams({ date, size, kind, ...(installDate ? { installDate } : {}) });
  const res = await fetch(`/api/fn/availability?${query.toString()}`);
  if (!res.ok) return null;
  const body = (await res.json()) as { bookable?: boolean; slots?: { id: string; available: boolean }[] };
  return body.bookable && body.slots?.some((s) => s.id === slot && s.available) ? slot : null;
}

/**
 * A fresh wizard state filled with prefill `p` (as 'Book again' fills the owner's wizard,
 * web/src/app/routes/admin-new-booking.tsx) and the slots still free (null when taken): on the
 * checkout step when both visits are set, else on the dates step.
 */
export function wizardWithRenewal(st: WizardState, p: RenewalPrefill, free: { install: string | null; removal: string | null }): WizardState {
  const removalWanted = !!p.removalDate;
  const complete = !!p.installDate && !!free.install && (!removalWanted || !!free.removal);
  return {
    ...withPrefill(st, p),
    installDate: p.installDate || null,
    installTimeSlot: free.install,
    removalDate: p.removalDate || null,
    removalTimeSlot: free.removal,
    step: p.packageSlug && p.treeSize ? (complete ? 5 : 4) : 1,
  };
}

const NONE: RenewalStatus = { kind: 'none' };

type Prefill = RenewalPrefill & { contactMasked?: boolean; message?: string };

/** The JSON of `res`, or throws the server's sentence. */
async function answerOf(res: Response): Promise<Prefill> {
  const body = (await res.json().catch(() => ({}))) as Prefill;
  if (!res.ok) throw new Error(body.message ?? 'This link could not be opened. Please try again.');
  return body;
}

/** GET /api/fn/renewal for `token`: the masked answer, or rejects with the server's sentence. */
const renewalKey = (token: string) => `renewal:${token}`;

/** The masked read: the one web/public/early-requests.js started with the page, if still waiting, else a new one. */
async function loadMasked(token: string): Promise<Prefill> {
  return answerOf(await (takeEarlyResponse(renewalKey(token)) ?? fetch(`/api/fn/renewal?token=${encodeURIComponent(token)}`)));
}

/** Starts reading renewal link `token` ahead of the wizard (the booking route's prefetch); useRenewalPrefill takes it. */
export function prefetchRenewal(token: string): void {
  startEarly(renewalKey(token), () => loadMasked(token));
}

/**
 * Fills the wizard from `token` (the page's ?renewal=) once; `done` is called after (the page
 * drops the query so a reload keeps the customer's later edits). A session already filled from
 * this token shows the welcome without fetching again, until the wizard starts fresh.
 */
export function useRenewalPrefill(token: string | null, done: () => void): RenewalStatus {
  const [status, setStatus] = useState<RenewalStatus>(() => (renewalToken() ? { kind: 'filled' } : NONE));
  useEffect(() => {
    if (!token) return;
    let live = true;
    /** Fills the wizard from the full prefill `body`. */
    const fill = async (body: Prefill) => {
      const size = body.treeSize ?? '';
      // Both proposed slots checked at once.
      const [install, removal] = await Promise.all([freeSlot(body.installDate, body.installSlot, size, 'install'), freeSlot(body.removalDate, body.removalSlot, size, 'removal', body.installDate)]);
      if (!live) return;
      sessionStorage.setItem(TOKEN_KEY, token);
      const store = useWizard.getState();
      store.reset();
      store.apply((st) => wizardWithRenewal(st, body, { install, removal }));
      setStatus({ kind: 'filled' });
      done();
    };
    const fail = (err: unknown) => {
      if (live) setStatus({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    };
    setStatus({ kind: 'loading' });
    void (async () => {
      try {
        const masked = await takeEarly(renewalKey(token), () => loadMasked(token));
        if (!live) return;
        const ask = (busy: boolean, error: string | null) => setStatus({ kind: 'verify', masked: { name: masked.name, email: masked.email }, busy, error, submit });
        const submit = (email: string) => {
          ask(true, null);
          void (async () => {
            try {
              const res = await fetch('/api/fn/renewal', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, email }) });
              // The link is dead (404, 410): said instead of the form; anything else keeps the form with its sentence.
              if (!res.ok && res.status !== 404 && res.status !== 410) {
                const refused = res.status === 429 ? new Error(TOO_MANY) : await answerOf(res).catch((err: unknown) => err);
                if (live) ask(false, refused instanceof Error ? refused.message : 'Please try again.');
                return;
              }
              await fill(await answerOf(res));
            } catch (err) {
              fail(err);
            }
          })();
        };
        ask(false, null);
      } catch (err) {
        fail(err);
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token
  }, [token]);
  // A wizard started fresh since (after the paid booking, or 'Start over') is no longer the renewal's.
  const filledIn = useWizard((st) => st.contact.email !== '');
  return status.kind === 'filled' && !filledIn ? NONE : status;
}

/**
 * useRenewalPrefill as a component, which the booking route mounts once it knows there is a
 * renewal (a ?renewal= token, or a session filled from one) and this module has loaded: it
 * renders nothing and hands each status to `onStatus`.
 */
export function RenewalPrefill({ token, done, onStatus }: { token: string | null; done: () => void; onStatus: (status: RenewalStatus) => void }): null {
  const status = useRenewalPrefill(token, done);
  useEffect(() => onStatus(status), [status, onStatus]);
  return null;
}
