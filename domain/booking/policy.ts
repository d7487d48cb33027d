/**
 * The cancellation and move policy as one table (docs/product.md §9 Payment and Schedule, read
 * by docs/decisions/027, 029, 032 and 045): the cooling-off window after the deposit, the lock
 * before a visit, the removal's deadline, what a cancellation refunds, and the sentences the
 * wizard's step 5, the manage page, the e-mails and the Policies page show. Pure: times are
 * epoch ms, "now" is passed in, dates `YYYY-MM-DD` and slots '9-15' in America/New_York.
 *
 * The reading (docs/decisions/045): the deposit is nonrefundable *after* the cooling-off
 * window; within it, and while the installation is more than the lock away, the customer may
 * cancel online and every payment is refunded, each the way it came in. The owner may cancel
 * at any time and chooses to refund everything or to keep the deposit; nothing beyond the
 * deposit is ever kept on a cancelled booking.
 */
import { BUSINESS } from '../business';
import { businessToday, formatLongDate, newYorkOffsetHours } from '../schedule/calendar';
import { formatHour } from '../schedule/slots';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The numbers of the policy. */
export const POLICY = {
  /** Share of the total due at booking (docs/product.md §9 Payment). */
  depositPercent: 50,
  /** The cooling-off window: hours after the deposit is paid during which the customer may cancel or move online. */
  coolingOffHours: 72,
  /** No online move or cancellation of a visit this close to its start (hours). */
  visitLockHours: 48,
  /** After the cooling-off window, the removal may still be moved or added until this many days before it. */
  removalMoveDays: 7,
  /** A manage link works until this many days after the booking's last visit. */
  linkDaysAfterLastVisit: 30,
} as const;

/** Who cancels. */
export type Canceller = 'customer' | 'owner';

/** What a cancellation keeps of the money paid: nothing, or the deposit (never more). */
export type Kept = 'nothing' | 'deposit';

/** One row of the policy: an action, when it is open, what it refunds, and the sentence shown. */
export interface PolicyRule {
  action: 'cancel' | 'move_install' | 'move_removal' | 'add_removal' | 'owner_cancel';
  /** 'cooling_off': only within the window; 'any': at any time before the deadline. */
  window: 'cooling_off' | 'any';
  /** Hours before the visit's start at which it closes (within the cooling-off window). */
  lockHours: number;
  /** Days before the visit at which it closes after the window (null: closed after the window). */
  afterWindowDays: number | null;
  /** What a cancellation keeps ('nothing' for actions that move no money). */
  kept: Kept | 'owner_chooses';
  sentence: string;
}

const P = POLICY;

/** The policy, one row per action (docs/decisions/045). */
export const POLICY_TABLE: readonly PolicyRule[] = [
  {
    action: 'cancel',
    window: 'cooling_off',
    lockHours: P.visitLockHours,
    afterWindowDays: null,
    kept: 'nothing',
    sentence: `Within ${P.coolingOffHours} hours of booking (paying the deposit), and while the installation is more than ${P.visitLockHours} hours away, you may cancel online and everything you have paid is refunded, each payment the way it was made.`,
  },
  {
    action: 'move_install',
    window: 'cooling_off',
    lockHours: P.visitLockHours,
    afterWindowDays: null,
    kept: 'nothing',
    sentence: `Within the same ${P.coolingOffHours} hours you may move the installation online to another free time more than ${P.visitLockHours} hours away; the deposit carries over.`,
  },
  {
    action: 'move_removal',
    window: 'any',
    lockHours: P.visitLockHours,
    afterWindowDays: P.removalMoveDays,
    kept: 'nothing',
    sentence: `The removal may be moved online until ${P.removalMoveDays} days before it (${P.visitLockHours} hours before it within the first ${P.coolingOffHours} hours).`,
  },
  {
    action: 'add_removal',
    window: 'any',
    lockHours: P.visitLockHours,
    afterWindowDays: P.removalMoveDays,
    kept: 'nothing',
    sentence: `An optional removal may be added online on a date at least ${P.removalMoveDays} days away.`,
  },
  {
    action: 'owner_cancel',
    window: 'any',
    lockHours: 0,
    afterWindowDays: 0,
    kept: 'owner_chooses',
    sentence: `After the first ${P.coolingOffHours} hours the deposit is nonrefundable; anything paid beyond it is refunded if the booking is cancelled.`,
  },
];

/** The row of `action`. */
export function policyRule(action: PolicyRule['action']): PolicyRule {
  return POLICY_TABLE.find((r) => r.action === action)!;
}

/** The end of the cooling-off window for a deposit paid at `depositPaidAtMs` (epoch ms). */
export function coolingOffEndsAtMs(depositPaidAtMs: number): number {
  return depositPaidAtMs + P.coolingOffHours * HOUR_MS;
}

/**
 * The last moment (epoch ms) a visit of kind `visit` starting at `startMs` may be set online, the
 * cooling-off window ending at `windowEndMs`: within it, the lock before the visit; after it,
 * never for the installation and `removalMoveDays` before it for the removal. Applies to a visit's
 * current time and to the time it is moved to or added at.
 */
export function visitChangeDeadlineMs(visit: 'install' | 'removal', startMs: number, windowEndMs: number): number {
  const rule = policyRule(visit === 'install' ? 'move_install' : 'move_removal');
  const inWindow = Math.min(windowEndMs, startMs - rule.lockHours * HOUR_MS);
  return rule.afterWindowDays === null ? inWindow : Math.max(inWindow, startMs - rule.afterWindowDays * DAY_MS);
}

/** The last moment the customer may cancel online: the cooling-off window's end or the lock before the installation, whichever is first. */
export function cancelDeadlineMs(installStartMs: number, windowEndMs: number): number {
  return Math.min(windowEndMs, installStartMs - policyRule('cancel').lockHours * HOUR_MS);
}

/**
 * What a cancellation by `by` keeps: the customer's online cancellation (only possible within
 * the window) keeps nothing; the owner keeps the deposit when `ownerRefunds` is false, nothing
 * when true. Anything paid beyond the deposit is always refunded.
 */
export function keptOnCancel(by: Canceller, ownerRefunds: boolean): Kept {
  return by === 'owner' && !ownerRefunds ? 'deposit' : 'nothing';
}

/** The customer-facing sentences of the policy, one source for every page and e-mail. */
export const POLICY_SENTENCES = {
  deposit: `The ${P.depositPercent}% deposit, due when you book, secures your installation and removal dates. It is refunded in full if you cancel within ${P.coolingOffHours} hours of booking and more than ${P.visitLockHours} hours before the installation; after that it is nonrefundable.`,
  changes: `${policyRule('cancel').sentence} ${policyRule('move_install').sentence} ${policyRule('move_removal').sentence}`,
  afterWindow: `After that, please call us: dates can change only if another slot is free, and the deposit is nonrefundable.`,
  balance: 'The balance is due on installation day: cash, check or card on site, or an online payment link.',
  refundWays: 'A card payment is refunded to the card; cash or a check is returned to you in person.',
} as const;

/** "Please call us at (410) 555-0142 or e-mail hello@…": whom to call when online changes are closed. */
export function callUsSentence(): string {
  return `please call us at ${BUSINESS.phone} or e-mail ${BUSINESS.email}`;
}

/** "Monday, November 23, 2026 at 12 PM" for epoch ms `ms`, in New York. */
export function deadlineText(ms: number): string {
  const at = new Date(ms);
  const hour = (at.getUTCHours() + newYorkOffsetHours(at) + 24) % 24;
  const minutes = at.getUTCMinutes();
  const time = minutes === 0 ? formatHour(hour) : `${formatHour(hour).replace(/ (AM|PM)$/, `:${String(minutes).padStart(2, '0')} $1`)}`;
  return `${formatLongDate(businessToday(at))} at ${time}`;
}

/** What a booking's customer may still do about cancelling, and the sentence for it. */
export interface CancelNotice {
  canCancelOnline: boolean;
  /** The deadline (epoch ms) while online cancellation is open, else null. */
  untilMs: number | null;
  sentence: string;
}

/**
 * The sentence about cancelling booking `b` at `now`, for the manage page and the e-mails: the
 * deadline and the full refund while it is open; once closed, whom to call and that the deposit
 * is then kept. `b.installStartMs` is the installation's start, `b.depositPaidAtMs` the deposit.
 */
export function cancelNotice(b: { depositPaidAtMs: number; installStartMs: number; installDone: boolean }, now: number): CancelNotice {
  const until = cancelDeadlineMs(b.installStartMs, coolingOffEndsAtMs(b.depositPaidAtMs));
  if (!b.installDone && Number.isFinite(until) && now < until) {
    return {
      canCancelOnline: true,
      untilMs: until,
      sentence: `You may cancel online until ${deadlineText(until)}: everything you have paid is then refunded, each payment the way it was made.`,
    };
  }
  const why = b.installDone
    ? 'The installation is done, so this booking can no longer be cancelled online'
    : now >= b.installStartMs - P.visitLockHours * HOUR_MS
      ? `The installation is less than ${P.visitLockHours} hours away, so this booking can no longer be changed or cancelled online`
      : `The ${P.coolingOffHours} hours after booking have passed, so this booking can no longer be cancelled online`;
  return { canCancelOnline: false, untilMs: null, sentence: `${why}; to change or cancel it, ${callUsSentence()}. After the first ${P.coolingOffHours} hours the deposit is nonrefundable.` };
}

/** The policy lines a booking's e-mails and manage page show, at `now`. */
export function bookingPolicyLines(b: { depositPaidAtMs: number; installStartMs: number; installDone: boolean }, now: number): string[] {
  return [POLICY_SENTENCES.deposit, cancelNotice(b, now).sentence, policyRule('move_removal').sentence, POLICY_SENTENCES.balance];
}
