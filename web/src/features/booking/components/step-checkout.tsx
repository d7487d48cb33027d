import { ClientResponseError } from 'pocketbase';
import { useContext, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import { ADDONS, TREE_SIZE_INFO, findPackage, type AddonId } from '@domain/catalog';
import { formatLongDate } from '@domain/schedule/calendar';
import { POLICY_SENTENCES } from '@domain/booking/policy';
import { MESSAGES } from '@domain/messages';
import { formatCents } from '@domain/money/cents';
import type { PriceQuote } from '@domain/money/pricing';
import { contactSchema, firstMessage } from '@domain/booking/schemas';
import { formatSlotRange } from '@domain/schedule/slots';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/pb';
import { createBookingCheckout } from '../api/create-checkout';
import { attemptSettled } from '@/lib/request-attempt';
import { attemptFor } from '../checkout-attempt';
import { useWizard } from '../store';
import { WIZARD_PROBLEM_TOAST } from '../wizard-state';
import { missingInformation, removalWanted, toBookingRequest } from '../wizard-changes';
import { waitlistOfferToken } from '../waitlist-prefill';
import { PriceSummary } from './price-summary';
import { WizardFinish } from '@/lib/wizard-finish';

/** Step 5: the review of every choice and the pay button (docs/product.md §2, §5, §7 create-booking-checkout). */
export function StepCheckout({ quote }: { quote: PriceQuote | null }) {
  const s = useWizard();
  const Finish = useContext(WizardFinish);
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  const pkg = findPackage(s.packageSlug);
  const wanted = removalWanted(s);
  const c = s.contact;
  const ready = !!s.installDate && !!s.installTimeSlot && (!wanted || (!!s.removalDate && !!s.removalTimeSlot)) && !!c.name.trim() && !!c.email.trim() && !!c.phone.trim() && !!c.address.trim();

  async function pay() {
    const missing = missingInformation(s, 1) ?? missingInformation(s, 4);
    if (missing || !quote) {
      toast.error('Missing information', { description: missing ?? MESSAGES.selectPackageAndSize, id: WIZARD_PROBLEM_TOAST });
      return;
    }
    const contact = contactSchema.safeParse({
      customerName: c.name,
      customerEmail: c.email,
      customerPhone: c.phone,
      customerAddress: c.address,
      notes: c.notes,
      parkingInstructions: c.parkingInstructions,
    });
    if (!contact.success) {
      toast.error('Invalid Input', { description: firstMessage(contact.error), id: WIZARD_PROBLEM_TOAST });
      return;
    }
    setProcessing(true);
    const request = toBookingRequest(s, quote);
    // Kept in the persisted wizard state before the call, so a retry after a lost answer
    // (even after a reload) sends the same key and gets the same booking back.
    const attempt = attemptFor(s.checkoutAttempt, request);
    s.apply((st) => ({ ...st, checkoutAttempt: attempt }));
    const endAttempt = () => useWizard.getState().apply((st) => ({ ...st, checkoutAttempt: null }));
    // Opened during the click so no pop-up blocker stops it; pointed at the checkout below.
    const tab = window.open('', '_blank');
    try {
      const session = await createBookingCheckout(request, { idempotencyKey: attempt.key, wizardId: s.wizardId, waitlistOffer: waitlistOfferToken(s) });
      endAttempt();
      if (!session?.url) {
        tab?.close();
        toast.error('Error', { description: MESSAGES.failedToCreateCheckout });
        return;
      }
      // Remembered so that coming back offers this payment again, or a fresh wizard once it is paid.
      useWizard.getState().apply((st) => ({ ...st, openCheckout: { url: session.url, sessionId: session.sessionId } }));
      if (!tab) {
        window.location.assign(session.url);
        return;
      }
      tab.opener = null;
      tab.location.href = session.url;
      toast.success('Redirecting to payment', { description: 'Complete your deposit in the new tab.' });
      setTimeout(() => navigate(paths.home), 1000);
    } catch (err) {
      tab?.close();
      if (attemptSettled(err instanceof ClientResponseError ? err.status : 0)) endAttempt();
      toast.error('Error', { description: errorMessage(err, MESSAGES.failedToCreateBooking) });
    } finally {
      setProcessing(false);
    }
  }

  const addonIds = Object.keys(s.addons) as AddonId[];
  return (
    <div className="step">
      <h2 id="review-heading" tabIndex={-1}>
        Review your booking
      </h2>
      <div className="review-grid">
        <dl className="review-list card">
          <div>
            <dt>Package</dt>
            <dd>{pkg?.title ?? '—'}</dd>
          </div>
          <div>
            <dt>Tree size</dt>
            <dd>{s.treeSize ? TREE_SIZE_INFO[s.treeSize].label : '—'}</dd>
          </div>
          {s.luxeFinish && (
            <div>
              <dt>Luxe Finish</dt>
              <dd>Yes</dd>
            </div>
          )}
          {addonIds.length > 0 && (
            <div>
              <dt>Add-ons</dt>
              <dd>{addonIds.map((id) => ADDONS[id].title).join(', ')}</dd>
            </div>
          )}
          <div>
            <dt>Installation</dt>
            <dd>{s.installDate && s.installTimeSlot ? `${formatLongDate(s.installDate)}, ${formatSlotRange(s.installTimeSlot)}` : 'Not chosen'}</dd>
          </div>
          <div>
            <dt>Removal</dt>
            <dd>{!wanted ? 'Not included' : s.removalDate && s.removalTimeSlot ? `${formatLongDate(s.removalDate)}, ${formatSlotRange(s.removalTimeSlot)}` : 'Not chosen'}</dd>
          </div>
          {(s.design.colorPalette || s.design.styleTheme || s.design.topper) && (
            <div>
              <dt>Style</dt>
              <dd>{[s.design.colorPalette, s.design.styleTheme, s.design.topper].filter(Boolean).join(' · ')}</dd>
            </div>
          )}
          {s.design.inspirationImages.length > 0 && (
            <div>
              <dt>Inspiration</dt>
              <dd>{s.design.inspirationImages.length} image(s) uploaded</dd>
            </div>
          )}
          {s.design.specialRequests && (
            <div>
              <dt>Requests</dt>
              <dd>{s.design.specialRequests}</dd>
            </div>
          )}
          <div>
            <dt>Contact</dt>
            <dd>{[c.name, c.email, c.phone].filter(Boolean).join(' · ') || 'Not given'}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{c.address || 'Not given'}</dd>
          </div>
          {c.notes.trim() && (
            <div>
              <dt>Special requests</dt>
              <dd className="prewrap">{c.notes}</dd>
            </div>
          )}
          {c.parkingInstructions.trim() && (
            <div>
              <dt>Parking</dt>
              <dd className="prewrap">{c.parkingInstructions}</dd>
            </div>
          )}
        </dl>
        <PriceSummary quote={quote} title="Price" />
      </div>
      {Finish ? (
        <Finish
          quote={quote}
          ready={ready}
          request={quote ? toBookingRequest(s, quote) : null}
          attemptKey={(body) => {
            const attempt = attemptFor(useWizard.getState().checkoutAttempt, body);
            useWizard.getState().apply((st) => ({ ...st, checkoutAttempt: attempt }));
            return attempt.key;
          }}
          attemptEnded={(status) => {
            if (status >= 200 && status < 300) useWizard.getState().reset();
            else if (attemptSettled(status)) useWizard.getState().apply((st) => ({ ...st, checkoutAttempt: null }));
          }}
        />
      ) : (
        <>
          <p className="muted">
            {POLICY_SENTENCES.deposit} {POLICY_SENTENCES.balance}
          </p>
          <button type="button" className="button button--primary button--large" onClick={() => void pay()} disabled={processing || !ready}>
            {processing ? 'Processing…' : quote ? `Pay ${formatCents(quote.depositCents)} Deposit` : 'Pay Deposit'}
          </button>
          {!ready && <p className="hint">Choose your dates and fill in your details to pay.</p>}
        </>
      )}
    </div>
  );
}
