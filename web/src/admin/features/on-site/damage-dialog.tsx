import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { ClientResponseError } from 'pocketbase';
import { toast } from 'sonner';
import { CHARGE_MESSAGES, DEFAULT_CHARGE_DESCRIPTION, damagesEligible } from '@domain/money/balance-charge';
import {
  chargeQuestion,
  DAMAGE_ITEM_KEYS,
  EMPTY_DAMAGE_FORM,
  incidentalsDisabled,
  itemsDisabled,
  selectionOf,
  setIncidentals,
  setQuantity,
  settleQuantity,
  setTotalLoss,
  toggleItem,
  type DamageForm,
} from '@domain/money/damage-dialog';
import { addonCentsOf, DAMAGE_ITEMS, DAMAGE_MESSAGES, DAMAGE_SELECTION_KEYS, INCIDENTALS_CENTS, MAX_DAMAGE_QUANTITY, priceDamages, totalLossCents } from '@domain/money/damages';
import { isTreeSize } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { balanceOf, bookingLedger } from '@domain/money/booking-money';
import { errorMessage } from '@/lib/pb';
import { adminDb } from '@/admin/core/db';
import { adminMutations, newIdempotencyKey, type ChargeAnswer } from '@/admin/core/mutations';
import type { AdminBooking } from '@/admin/core/model/records';
import { reportError } from '@/admin/ui/report-error';
import { Modal } from '@/admin/ui/modal';
import { FormProblem } from '@/admin/ui/form-problem';
import { Fact } from '@/admin/ui/fact';

/** docs/product.md §7 / §8 toasts of a charge. */
export const CHARGE_TOASTS = {
  linkCreated: 'Payment Link Created',
  linkCreatedText: 'The card needs the customer: they must complete the checkout that opened in a new tab.',
  charged: (cents: number) => `Charged ${formatCents(cents)} successfully`,
  // docs/decisions/016: a charge recorded without a connection is never shown as charged.
  queued: 'Charge queued',
  queuedText: 'It will be sent when the connection is back, and charged once. The booking shows it until the server answers.',
} as const;

function DamageFields({ booking, form, onChange, disabled }: { booking: AdminBooking; form: DamageForm; onChange: (f: DamageForm) => void; disabled: boolean }) {
  const lossValue = isTreeSize(booking.tree_size) ? totalLossCents(booking.tree_size, !!booking.luxe_finish, addonCentsOf(booking.selected_addons)) : 0;
  return (
    <fieldset className="damage-fields" disabled={disabled}>
      <legend>Damaged or lost items</legend>
      {DAMAGE_ITEM_KEYS.map((key) => {
        const item = DAMAGE_ITEMS[DAMAGE_SELECTION_KEYS[key]];
        const id = `damage-${key}`;
        return (
          <div key={key} className="damage-item">
            <label className="admin-check" htmlFor={id}>
              <input id={id} type="checkbox" checked={form.ticked[key]} disabled={itemsDisabled(form)} onChange={(e) => onChange(toggleItem(form, key, e.target.checked))} />
              <span>
                {item.title}{' '}
                <span className="muted">
                  ({formatCents(item.unitCents)} each: {item.examples})
                </span>
              </span>
            </label>
            <label className="damage-qty">
              <span className="visually-hidden">{item.title} quantity</span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_DAMAGE_QUANTITY}
                step={1}
                value={form.quantities[key]}
                disabled={itemsDisabled(form) || !form.ticked[key]}
                onChange={(e) => onChange(setQuantity(form, key, e.target.value))}
                onBlur={() => onChange(settleQuantity(form, key))}
              />
            </label>
          </div>
        );
      })}
      <label className="admin-check">
        <input type="checkbox" checked={form.incidentals} disabled={incidentalsDisabled(form)} onChange={(e) => onChange(setIncidentals(form, e.target.checked))} />
        <span>
          Incidentals: more than half of the inventory lost or damaged <span className="muted">({formatCents(INCIDENTALS_CENTS)} flat)</span>
        </span>
      </label>
      <label className="admin-check">
        <input type="checkbox" checked={form.totalLoss} onChange={(e) => onChange(setTotalLoss(form, e.target.checked))} />
        <span>
          Total loss <span className="muted">(full inventory value, {formatCents(lossValue)})</span>
        </span>
      </label>
    </fieldset>
  );
}

/**
 * The damages dialog (docs/product.md §2 Balance Due, §4 Damage dialog, §5 Admin, §7
 * charge-booking-balance): the damage items, incidentals or total loss (priced by
 * domain/money/damages.ts, as the server prices them again), a description, and Charge for the
 * balance plus the damages; 'Charge balance only' charges the balance alone. Either first asks
 * a question naming the amount and the card (domain/money/damage-dialog.ts chargeQuestion). Damages
 * can be charged after the balance was paid, once a visit was done (domain/admin/permissions.ts). One attempt keeps
 * one Idempotency-Key until its answer is known, so a retry after a lost connection can never
 * charge twice; changing the selection starts a new attempt. The balance it names is the
 * ledger's, derived from the mirror's booking and charges (domain/money/booking-money.ts
 * `balanceOf`, as the Bookings list's Balance Due; docs/decisions/045), which is what the
 * server charges: never the stored `balance_remaining`. The charge goes through the
 * outbox (docs/decisions/016): without a connection it is queued under its key, shown as queued on the
 * booking, and charged once when the connection is back.
 */
export function DamageDialog({ bookingId, onClose }: { bookingId: string | null; onClose: () => void }) {
  const rows = useLiveQuery(async () => {
    if (!bookingId) return null;
    const db = adminDb();
    const [b, charges] = await Promise.all([db.bookings.get(bookingId), db.charges.where('booking').equals(bookingId).toArray()]);
    return b ? { booking: b, charges } : null;
  }, [bookingId]);
  const booking = rows?.booking;
  const [form, setForm] = useState<DamageForm>(EMPTY_DAMAGE_FORM);
  const [description, setDescription] = useState(DEFAULT_CHARGE_DESCRIPTION);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // The charge asked about before the card is charged: with the damages or the balance alone.
  const [asking, setAsking] = useState<boolean | null>(null);

  const change = (next: DamageForm) => {
    setForm(next);
    setAttemptKey(newIdempotencyKey());
    setProblem('');
    setAsking(null);
  };
  const close = () => {
    setAsking(null);
    setForm(EMPTY_DAMAGE_FORM);
    setDescription(DEFAULT_CHARGE_DESCRIPTION);
    setAttemptKey(newIdempotencyKey());
    setProblem('');
    onClose();
  };

  if (!bookingId) return <Modal open={false} onClose={onClose} title="Record Damages & Charge" />;

  const eligible = booking ? damagesEligible(booking) : false;
  const selection = selectionOf(form);
  const priced =
    booking && isTreeSize(booking.tree_size)
      ? priceDamages(selection, { treeSize: booking.tree_size, luxeFinish: !!booking.luxe_finish, addonCents: addonCentsOf(booking.selected_addons) })
      : { lines: [], totalCents: 0 };
  const balance = rows ? balanceOf(bookingLedger(rows.booking, rows.charges)) : 0;

  const settle = (answer: ChargeAnswer) => {
    if (answer.requiresCheckout && answer.checkoutUrl) {
      window.open(answer.checkoutUrl, '_blank', 'noopener');
      toast(CHARGE_TOASTS.linkCreated, { description: CHARGE_TOASTS.linkCreatedText });
      close();
    } else if (answer.success) {
      toast.success(CHARGE_TOASTS.charged(answer.amountCharged ?? 0));
      close();
    } else {
      const message = answer.error || CHARGE_MESSAGES.failed;
      toast.error('Error', { description: message });
      setProblem(message);
      setAttemptKey(newIdempotencyKey());
    }
  };

  /** Charge pressed: checks the selection, then asks the question naming the amount and the card. */
  const ask = (withDamages: boolean) => {
    if (!booking || busy) return;
    if (withDamages && priced.totalCents <= 0) {
      toast.error('Error', { description: DAMAGE_MESSAGES.selectItem });
      setProblem(DAMAGE_MESSAGES.selectItem);
      return;
    }
    setProblem('');
    setAsking(withDamages);
  };

  const charge = async (withDamages: boolean) => {
    if (!booking || busy) return;
    setAsking(null);
    setBusy(true);
    setProblem('');
    try {
      const outcome = await adminMutations.chargeBalance(
        { bookingId: booking.id, additionalCharges: withDamages ? selection : null, chargeDescription: description.trim() || DEFAULT_CHARGE_DESCRIPTION },
        attemptKey,
        balance + (withDamages ? priced.totalCents : 0),
      );
      if (outcome.queued) {
        toast(CHARGE_TOASTS.queued, { description: CHARGE_TOASTS.queuedText });
        close();
      } else {
        settle(outcome.answer);
      }
    } catch (err) {
      reportError(err, CHARGE_MESSAGES.failed);
      setProblem(errorMessage(err, CHARGE_MESSAGES.failed));
      // A refusal is final (a new attempt gets a new key); a lost answer keeps the key for a safe retry.
      if (err instanceof ClientResponseError && err.status >= 400 && err.status < 500) setAttemptKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!booking}
      onClose={close}
      busy={busy}
      title="Record Damages & Charge"
      description={
        booking ? (
          <p>
            {booking.customer_name}: balance due {formatCents(balance)}
          </p>
        ) : null
      }
      footer={
        asking !== null ? (
          <div role="group" aria-label="Confirm the charge" className="damage-confirm">
            {/* The card's brand and last 4 digits, stored when a card payment settled; else 'the card on file'. */}
            <p role="status">{chargeQuestion(balance + (asking ? priced.totalCents : 0), booking ? { brand: booking.card_brand, last4: booking.card_last4 } : null)}</p>
            <button type="button" className="button" onClick={() => setAsking(null)}>
              Go back
            </button>
            <button type="button" className="button button--primary" onClick={() => void charge(asking)}>
              Yes, charge {formatCents(balance + (asking ? priced.totalCents : 0))}
            </button>
          </div>
        ) : (
          <>
            <button type="button" className="button" onClick={close} disabled={busy}>
              Cancel
            </button>
            {balance > 0 && (
              <button type="button" className="button" onClick={() => ask(false)} disabled={busy}>
                Charge balance only ({formatCents(balance)})
              </button>
            )}
            {eligible && (
              <button type="button" className="button button--primary" onClick={() => ask(true)} disabled={busy}>
                {busy ? 'Charging...' : `Charge ${formatCents(balance + priced.totalCents)}`}
              </button>
            )}
          </>
        )
      }
    >
      {booking && (
        <form className="damage-form" onSubmit={(e) => e.preventDefault()} noValidate>
          {eligible ? (
            <DamageFields booking={booking} form={form} onChange={change} disabled={busy} />
          ) : (
            <p className="muted">This booking was decorated with the customer's own ornaments, so no damages apply. The balance can still be charged.</p>
          )}
          {eligible && (
            <div className="field">
              <label htmlFor="charge-description">Description</label>
              <input
                id="charge-description"
                maxLength={500}
                value={description}
                disabled={busy}
                onChange={(e) => {
                  setDescription(e.target.value);
                  setAttemptKey(newIdempotencyKey());
                }}
              />
            </div>
          )}
          <dl className="damage-summary" aria-live="polite">
            {priced.lines.map((l) => (
              <div key={l.label}>
                <dt>
                  {l.label}
                  {l.quantity > 1 ? ` × ${l.quantity}` : ''}
                </dt>
                <dd>{formatCents(l.cents)}</dd>
              </div>
            ))}
            <Fact label="Damages">{formatCents(priced.totalCents)}</Fact>
            <Fact label="Balance due">{formatCents(balance)}</Fact>
            <div className="damage-summary__total">
              <dt>Total to charge</dt>
              <dd>{formatCents(balance + priced.totalCents)}</dd>
            </div>
          </dl>
          <FormProblem problem={problem} />
        </form>
      )}
    </Modal>
  );
}
