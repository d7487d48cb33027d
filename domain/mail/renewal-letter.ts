/**
 * What the renewal e-mail says (docs/product.md "Next season"; domain/customers/renewals.ts
 * decides who gets one and which dates it proposes): last year's package, size, add-ons and
 * address, the proposed visits, the early-bird price and its last day while the season has one,
 * the 'Reserve my week again' button and the unsubscribe line (a marketing e-mail; the
 * transactional ones carry none). Pure: the server fills `RenewalLetter` and renders the
 * sections with lib/mail/compose.ts. Amounts in cents, dates YYYY-MM-DD in America/New_York.
 */
import { formatLongDate, type Ymd } from '../schedule/calendar';
import { formatCents } from '../money/cents';
import { formatSlotRange } from '../schedule/slots';
import type { LetterSection } from './letter';

/** The facts of one renewal e-mail. */
export interface RenewalLetter {
  customerName: string;
  season: number;
  /** "Elevated Arbor · 7.5–9 ft". */
  packageLine: string;
  /** "Stockings × 3", one per add-on. */
  addons: string[];
  address: string;
  installDate: Ymd | '';
  installSlot: string;
  removalDate: Ymd | '';
  removalSlot: string;
  /** The price of last year's choices this season (cents), and with the early-bird cut until its last day; null without one. */
  priceCents: number;
  earlyBird: { priceCents: number; until: Ymd } | null;
  reserveUrl: string;
  unsubscribeUrl: string;
}

/** The button's label, the same in the e-mail and in the tests that follow it. */
export const RESERVE_AGAIN_LABEL = 'Reserve my week again';

/** "Reserve your week again for Christmas 2027". */
export function renewalSubject(season: number): string {
  return `Reserve your week again for Christmas ${season}`;
}

function visitText(date: Ymd | '', slot: string): string {
  if (!date) return 'a date of your choice';
  return slot ? `${formatLongDate(date)}, ${formatSlotRange(slot)}` : formatLongDate(date);
}

/** The proposed visits as `Label: value` lines (the e-mail's key facts). */
export function renewalVisitLines(l: Pick<RenewalLetter, 'installDate' | 'installSlot' | 'removalDate' | 'removalSlot'>): string[] {
  const lines = [`Installation: ${visitText(l.installDate, l.installSlot)}`];
  if (l.removalDate) lines.push(`Removal: ${visitText(l.removalDate, l.removalSlot)}`);
  return lines;
}

/** The price line: the early-bird price and its last day while it lasts, else this season's price. */
export function renewalPriceLine(l: Pick<RenewalLetter, 'priceCents' | 'earlyBird'>): string {
  if (!l.earlyBird) return `This season’s price for the same choices: ${formatCents(l.priceCents)}.`;
  return `Early-bird price: ${formatCents(l.earlyBird.priceCents)} instead of ${formatCents(l.priceCents)} when you book by ${formatLongDate(l.earlyBird.until)}.`;
}

/** The letter's sections, in order: last year's choices, the proposed visits and price, the button, then the unsubscribe line. */
export function renewalSections(l: RenewalLetter): LetterSection[] {
  return [
    { lines: [`Christmas ${l.season} is coming, and we would love to decorate your tree again. We kept last year’s choices for you:`] },
    { heading: 'Last year', lines: [l.packageLine, ...(l.addons.length ? [`Add-ons: ${l.addons.join(', ')}`] : []), `Address: ${l.address}`], list: true },
    { heading: 'Your week again', lines: [...renewalVisitLines(l), 'These dates are a suggestion: you confirm them, or choose others, when you book.'], list: true },
    { heading: 'Price', lines: [renewalPriceLine(l), 'The deposit is 50%, paid online when you reserve.'] },
    { lines: ['Everything is filled in: check it, change anything you like, and pay the deposit.'], link: { label: RESERVE_AGAIN_LABEL, url: l.reserveUrl } },
    { lines: ['You get this e-mail because you booked with us before. To stop these e-mails:'], link: { label: 'Unsubscribe', url: l.unsubscribeUrl } },
  ];
}
