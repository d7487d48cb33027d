import { lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import type { PackageSlug } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { useFirstStepWizard, wizardNow } from '../first-step-store';
import { STEP_TITLES, WIZARD_PROBLEM_TOAST, choicesOf, choosePackage, type Step } from '../wizard-state';
import { PriceSummaryFrame } from './price-summary-frame';
import { WizardFinish } from '@/lib/wizard-finish';
import { StepPackage } from './step-package';
import { useSeasonSale } from '@/lib/api/season-opening';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { whenIdle } from '@/lib/after-load';
import { RENEWAL_WELCOME, type RenewalStatus } from '../renewal-status';
import '../booking.css';

const STEPS: Step[] = [1, 2, 3, 4, 5];

/**
 * What the wizard keeps in its history entries' state (docs/product.md §2 Booking wizard): the
 * entry's step, and for an entry Continue made, the step it came from, so the wizard's own
 * Back returns along the history rather than adding to it.
 */
interface WizardHistoryState {
  wizardStep?: Step;
  wizardFrom?: Step;
}

function isStep(value: unknown): value is Step {
  return typeof value === 'number' && (STEPS as number[]).includes(value);
}

// Steps 2–5 bring the upgrades, the uploader, the calendars, the SDK and the form schemas: they
// load when reached (step 2 fetched once the first step is up, steps 3–5 from step 2 on, see
// below), so the wizard's first step opens fast (docs/architecture.md "What a page loads").
const loadUpgrades = () => import('./step-upgrades');
const loadStyle = () => import('./step-style');
const loadSchedule = () => import('./step-schedule');
const loadCheckout = () => import('./step-checkout');
const StepUpgrades = lazy(() => loadUpgrades().then((m) => ({ default: m.StepUpgrades })));
const StepStyle = lazy(() => loadStyle().then((m) => ({ default: m.StepStyle })));
const StepSchedule = lazy(() => loadSchedule().then((m) => ({ default: m.StepSchedule })));
const StepCheckout = lazy(() => loadCheckout().then((m) => ({ default: m.StepCheckout })));

/** Fetches the chunks of steps 3–5 ahead of need: from step 2 on, or as a renewal link opens (it lands on step 5). */
export function preloadLaterSteps(): void {
  void Promise.all([loadUpgrades(), loadStyle(), loadSchedule(), loadCheckout()]).catch(() => undefined);
}

// What blocks Continue ('Missing information', wizard-changes.ts, which step 2's chunk brings
// too): loaded once the page is idle after hydrating; a Continue before then waits for it.
const stepRules = onDemand(() => import('../wizard-changes'));

// The prices and the running total that shows them (priced.ts): the first step paints without
// them (nothing is chosen in its prerendered state); they load once the page is idle after
// hydrating, or at the first choice.
const pricing = onDemand(() => import('../priced'));

// The address's distance lookup (and the SDK it posts with) loads once there is an address.
const distanceLookup = onDemand(() => import('../api/calculate-distance'));

// Shown only with a checkout opened earlier in this tab, or a renewal link asking for its code:
// neither is part of the prerendered first step, so neither is in the page's first script.
const OpenCheckoutNotice = lazy(() => import('./open-checkout-notice').then((m) => ({ default: m.OpenCheckoutNotice })));
const RenewalVerify = lazy(() => import('./renewal-verify').then((m) => ({ default: m.RenewalVerify })));

/**
 * The five-step booking wizard (docs/product.md §2 Booking wizard, §4). Each step is an entry
 * of the browser's history (its state, not the URL: the prerendered page answers every query
 * the same, docs/decisions/019), so the phone's Back and Forward walk the steps; what was
 * entered stays in the store. `initialPackage` comes from
 * `/booking?package=slug` and preselects the package. `title` names the page (the admin's phone
 * booking, docs/decisions/037, which also gives its own last step through WizardFinish).
 * `renewal`: what a renewal link did (renewal-prefill.ts); once filled in, the wizard welcomes
 * the customer back and is open before "Public booking opens" (checkout takes the link too).
 */
export function BookingWizard({ initialPackage, title = 'Book Your Service', renewal = { kind: 'none' } }: { initialPackage: PackageSlug | null; title?: string; renewal?: RenewalStatus }) {
  const s = useFirstStepWizard();
  const byOwner = useContext(WizardFinish) !== null;
  const { step, apply } = s;
  // The travel distance follows the contact address wherever the customer is in the wizard,
  // from the first address typed or restored (the lookup then stays mounted).
  const distance = useOnDemand(distanceLookup);
  const hasAddress = s.contact.address.trim() !== '';
  const wantDistance = distance.want;
  useEffect(() => {
    if (hasAddress) wantDistance();
  }, [hasAddress, wantDistance]);
  const DistanceLookup = distance.value?.DistanceLookup;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const choices = choicesOf(s);
  const location = useLocation();
  const navigate = useNavigate();
  const entry = (location.state ?? {}) as WizardHistoryState;
  const entryStep = isStep(entry.wizardStep) ? entry.wizardStep : null;
  // The season's opening and early-bird cut (domain/schedule/seasons.ts), as the server prices checkout.
  const sale = useSeasonSale();
  const renewing = renewal.kind === 'filled' || renewal.kind === 'verify';
  const opening = renewing || byOwner ? null : sale.opening;
  const prices = useOnDemand(pricing);
  const wantPrices = prices.want;
  const chosen = choices !== null;
  useEffect(() => {
    if (chosen) wantPrices();
    else return whenIdle(wantPrices);
  }, [chosen, wantPrices]);
  const quote = choices && prices.value ? prices.value.quote(choices, sale.earlyBird) : null;

  // Once the first step is up, fetch the second ahead of need; past it, the later ones.
  useEffect(() => {
    if (step >= 2) preloadLaterSteps();
    else void loadUpgrades().catch(() => undefined);
  }, [step]);
  // The open checkout's notice, once this tab has one (it stays to say 'paid' after the wizard
  // starts fresh); never in the hydrated first render, which has none.
  const [checkoutOpened, setCheckoutOpened] = useState(false);
  const hasOpenCheckout = s.openCheckout !== null;
  useEffect(() => {
    if (hasOpenCheckout) setCheckoutOpened(true);
  }, [hasOpenCheckout]);

  const rules = useOnDemand(stepRules);
  const wantRules = rules.want;
  useEffect(() => whenIdle(wantRules), [wantRules]);
  // A Continue pressed before the rules came runs once they have (below, with the state then).
  const continueWaiting = useRef(false);

  // A toast naming what is missing leaves once it is given (or the customer goes back a step).
  const problemNow = rules.value?.missingInformation(s, step) ?? (step === 4 ? s.addressRefusal : null);
  const stepOfProblem = useRef(step);
  useEffect(() => {
    if (!problemNow || stepOfProblem.current !== step) toast.dismiss(WIZARD_PROBLEM_TOAST);
    stepOfProblem.current = step;
  }, [problemNow, step]);

  useEffect(() => {
    if (initialPackage) apply((st) => (st.packageSlug === initialPackage ? st : { ...choosePackage(st, initialPackage), step: 1 }));
  }, [initialPackage, apply]);
  // The query wins over the tab's stored wizard on a fresh visit: when the stored wizard starts
  // fresh after the page opened (its last checkout found paid, or 'Start over'), the query's
  // package is chosen again rather than nothing.
  const noPackage = s.packageSlug === null;
  useEffect(() => {
    if (initialPackage && noPackage) apply((st) => (st.packageSlug === null ? { ...choosePackage(st, initialPackage), step: 1 } : st));
  }, [initialPackage, noPackage, apply]);

  const showStep = (next: Step) => {
    apply((st) => ({ ...st, step: next }));
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  };

  /** Another history entry of this page with `state`: pushed, or in place of this one. */
  const ownEntry = useRef(false);
  const toEntry = (state: WizardHistoryState, replace: boolean) => {
    // The wizard already shows this entry's step: only Back and Forward onto an entry change it.
    ownEntry.current = true;
    return navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace, state: { ...(location.state as object | null), ...state } });
  };

  // The entry the wizard opens on holds its step (the stored one, which a reload keeps); an
  // entry that already has one (Back or Forward onto the page) shows that step.
  // Back and Forward: the entry's step becomes the wizard's (an entry of Continue already is).
  const seenKey = useRef<string | null>(null);
  useEffect(() => {
    if (seenKey.current === location.key) return;
    const first = seenKey.current === null;
    seenKey.current = location.key;
    // An entry the wizard made itself: its step may be stale already (the store was reset since, as after a paid booking).
    if (ownEntry.current) {
      ownEntry.current = false;
      return;
    }
    const current = wizardNow().step;
    if (entryStep === null) {
      if (first) void toEntry({ wizardStep: current }, true);
      return;
    }
    if (entryStep !== current) showStep(entryStep);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per history entry
  }, [location.key, entryStep]);

  const goTo = (next: Step) => {
    showStep(next);
    if (next > step) void toEntry({ wizardStep: next, wizardFrom: step }, false);
    // Back along the history when this entry came from that step, else this entry becomes it.
    else if (entry.wizardFrom === next) void navigate(-1);
    else void toEntry({ wizardStep: next, wizardFrom: undefined }, true);
  };

  const onContinue = () => {
    if (step === 5) {
      document.getElementById('review-heading')?.focus();
      return;
    }
    // Before the season opens to the public, no dates are offered: the first step says when
    // (checkout refuses with the same sentence). The owner's phone bookings are not held to it.
    if (opening) {
      toast.error('Not open yet', { description: opening, id: WIZARD_PROBLEM_TOAST });
      return;
    }
    if (!rules.value) {
      continueWaiting.current = true;
      wantRules();
      return;
    }
    const missing = rules.value.missingInformation(s, step);
    if (missing) {
      toast.error('Missing information', { description: missing, id: WIZARD_PROBLEM_TOAST });
      return;
    }
    // The server's sentence is already under the address: take the customer there.
    if (step === 4 && s.addressRefusal) {
      toast.error('Invalid Input', { description: s.addressRefusal, id: WIZARD_PROBLEM_TOAST });
      document.getElementById('contact-address')?.focus();
      return;
    }
    goTo((step + 1) as Step);
  };
  useEffect(() => {
    if (!rules.value || !continueWaiting.current) return;
    continueWaiting.current = false;
    onContinue();
  });

  let content;
  if (step === 1)
    content = (
      <>
        {opening && (
          <p className="notice" role="status">
            {opening}
          </p>
        )}
        <StepPackage />
      </>
    );
  else if (step === 2) content = <StepUpgrades />;
  else if (step === 3) content = <StepStyle />;
  else if (step === 4) content = <StepSchedule />;
  else content = <StepCheckout quote={quote} />;

  return (
    <div className="container page booking">
      {DistanceLookup && <DistanceLookup />}
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <ol className="stepper" aria-label="Booking steps">
        {STEPS.map((n) => (
          <li key={n} aria-current={n === step ? 'step' : undefined} className={n < step ? 'is-done' : n === step ? 'is-current' : ''}>
            <span className="stepper__num">{n}</span>
            <span className="stepper__title">{STEP_TITLES[n]}</span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        Step {step} of 5: {STEP_TITLES[step]}
      </p>
      {!byOwner && checkoutOpened && (
        <Suspense fallback={null}>
          <OpenCheckoutNotice />
        </Suspense>
      )}
      {renewal.kind === 'filled' && (
        <p className="notice" role="status">
          {RENEWAL_WELCOME}
        </p>
      )}
      {renewal.kind === 'loading' && <p role="status">Filling in last year’s choices…</p>}
      {renewal.kind === 'verify' && (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <RenewalVerify status={renewal} />
        </Suspense>
      )}
      {renewal.kind === 'failed' && (
        <p className="notice" role="alert">
          {renewal.message}
        </p>
      )}
      <div className="booking__layout">
        <div className="booking__main">
          <Suspense fallback={<p role="status">Loading…</p>}>{content}</Suspense>
        </div>
        {step !== 5 && <aside className="booking__aside">{prices.value ? <prices.value.PriceSummary quote={quote} /> : <PriceSummaryFrame />}</aside>}
      </div>
      {quote && (
        <p className="total-bar" aria-hidden="true">
          <span>
            Total <strong>{formatCents(quote.totalCents)}</strong>
          </span>
          <span>
            Deposit <strong>{formatCents(quote.depositCents)}</strong>
          </span>
          <span>
            Balance <strong>{formatCents(quote.balanceCents)}</strong>
          </span>
        </p>
      )}
      <div className="wizard-nav">
        <button type="button" className="button" onClick={() => goTo((step - 1) as Step)} disabled={step === 1}>
          Back
        </button>
        {/* On the last step 'Pay … Deposit' is the one primary action; reviewing is secondary. */}
        <button type="button" className={step === 5 ? 'button' : 'button button--primary'} onClick={onContinue}>
          {step === 5 ? 'Review Order' : 'Continue'}
        </button>
      </div>
    </div>
  );
}
