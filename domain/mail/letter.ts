/**
 * What the customer's and the owner's e-mails about a booking say (docs/product.md §7
 * "Confirmation e-mails", §9 Payment and Schedule; docs/decisions/026): the visits with their
 * arrival windows, the choices, the priced lines, how to prepare, and the policies. Pure: the
 * server reads the booking record into a `LetterBooking` and renders the sections as both the
 * plain-text and the HTML part, so the two always say the same.
 */
import { bookingPolicyLines } from '../booking/policy';
import { formatLongDate, newYorkTimeMs, type Ymd } from '../schedule/calendar';
import { ADDONS, isAddonId } from '../catalog';
import { formatCents } from '../money/cents';
import { ARRIVAL_WINDOW_HOURS } from '../booking/policies';
import type { PriceLine } from '../money/pricing';
import { formatHour, formatSlotRange, parseSlotId } from '../schedule/slots';
import type { BookingRow } from '../booking/booking-row';

/** One block of an e-mail: an optional heading, its lines (a list when `list`) and a link after them. */
export interface LetterSection {
  heading?: string;
  lines: string[];
  list?: boolean;
  link?: { label: string; url: string };
}

/** The section that carries the manage-booking link (docs/decisions/027). */
export function manageSection(url: string): LetterSection {
  return { heading: 'Your booking online', lines: ['See your booking, pay the balance online, and move a visit or cancel it within our policies:'], link: { label: 'Manage your booking', url } };
}

/** The booking as the e-mails read it (from the bookings record; amounts in cents; `notes`: step 4's 'Special Requests (Optional)' for the crew). */
export type LetterBooking = Pick<BookingRow, 'notes'> & {
  reference: string;
  packageTitle: string;
  treeSize: string;
  installDate: Ymd;
  installTimeSlot: string;
  removalDate: Ymd | null;
  removalTimeSlot: string | null;
  address: string;
  luxeFinish: boolean;
  keepOrnaments: boolean;
  /** The add-ons charged (selected_addons: id, quantity, price in cents). */
  addons: { id: string; quantity?: number; price: number }[];
  style: { palette: string; theme: string; topper: string };
  /** Step 3's style requests (style_special_requests). */
  styleRequests: string;
  parkingInstructions: string;
  /** The priced lines stored with the booking (price_lines); may be empty for old rows. */
  priceLines: PriceLine[];
  travelFeeCents: number;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  /** The day the booking was paid, `YYYY-MM-DD` in New York (the 72-hour window counts from it). */
  bookedOn: Ymd;
  /** When the deposit was paid (epoch ms): the policy's windows count from it. */
  depositPaidAtMs: number;
};

/** "9 AM - 3 PM, arriving between 9 AM and 10 AM". */
export function visitWindowText(slotId: string): string {
  const slot = parseSlotId(slotId);
  if (!slot) return slotId;
  return `${formatSlotRange(slotId)}, arriving between ${formatHour(slot.startHour)} and ${formatHour(slot.startHour + ARRIVAL_WINDOW_HOURS)}`;
}

/** "Installation: Tuesday, November 24, 2026, 9 AM - 3 PM, arriving between 9 AM and 10 AM", and the removal's line when there is one. */
export function visitLines(b: Pick<LetterBooking, 'installDate' | 'installTimeSlot' | 'removalDate' | 'removalTimeSlot'>): string[] {
  const lines = [`Installation: ${formatLongDate(b.installDate)}, ${visitWindowText(b.installTimeSlot)}`];
  if (b.removalDate && b.removalTimeSlot) lines.push(`Removal: ${formatLongDate(b.removalDate)}, ${visitWindowText(b.removalTimeSlot)}`);
  return lines;
}

/** "Palette: Ivory & Gold · Theme: Classic · Topper: Star", or '' when nothing was chosen. */
export function styleText(style: LetterBooking['style']): string {
  return [style.palette && `Palette: ${style.palette}`, style.theme && `Theme: ${style.theme}`, style.topper && `Topper: ${style.topper}`].filter(Boolean).join(' · ');
}

/** "Ornament Boost (25-pack) × 2", one per add-on charged. */
export function addonTexts(addons: LetterBooking['addons']): string[] {
  return addons.map((a) => {
    const title = isAddonId(a.id) ? ADDONS[a.id].title : a.id;
    return a.quantity && a.quantity > 1 ? `${title} × ${a.quantity}` : title;
  });
}

/** What to do before a visit (docs/product.md §9; the Policies page's Lights & Personal Items). */
export const VISIT_PREPARATION = [
  'Clear the area around the tree and keep pets secured during our visit.',
  'Lights are included. If you would like us to use your own, please have them tested and ready.',
  'Fragile or irreplaceable ornaments are hung at your own risk; we are happy to leave them for you to place.',
  'Tell us where the crew can park if it is not obvious (reply to this e-mail to add parking instructions).',
] as const;

/**
 * The policies booking `b` is under at `now` (epoch ms), from the policy table
 * (domain/booking/policy.ts, docs/decisions/045): the deposit, whether it may still be cancelled
 * online and until when (or whom to call), the removal's deadline, the balance and the arrival
 * window. A booking whose installation is less than 48 hours away is promised no online change.
 */
export function policyLines(b: Pick<LetterBooking, 'installDate' | 'installTimeSlot' | 'depositPaidAtMs'>, now: number, installDone = false): string[] {
  const slot = parseSlotId(b.installTimeSlot);
  const installStartMs = slot ? newYorkTimeMs(b.installDate, slot.startHour) : NaN;
  return [
    ...bookingPolicyLines({ depositPaidAtMs: b.depositPaidAtMs, installStartMs, installDone }, now),
    `Please allow an arrival window of ${ARRIVAL_WINDOW_HOURS} flexible hour from the start of your time slot.`,
  ];
}

/** The priced lines (the travel fee as its own line), then the total, deposit and balance. */
export function priceSectionLines(b: LetterBooking): string[] {
  const lines = b.priceLines.length > 0 ? b.priceLines : [...(b.travelFeeCents > 0 ? [{ code: 'travel', label: 'Travel fee', amountCents: b.travelFeeCents }] : [])];
  return [
    ...lines.map((l) => `${l.label}: ${formatCents(l.amountCents)}`),
    `Total: ${formatCents(b.totalCents)}`,
    `Deposit paid: ${formatCents(b.depositCents)}`,
    `Balance due on installation day: ${formatCents(b.balanceCents)}`,
  ];
}

/** The booking's choices: package and size, Luxe Finish, add-ons, keep-ornaments and style. */
function choiceLines(b: LetterBooking): string[] {
  const style = styleText(b.style);
  return [
    `${b.packageTitle}, ${b.treeSize}`,
    ...(b.luxeFinish ? ['Luxe Finish'] : []),
    ...(b.addons.length > 0 ? [`Add-ons: ${addonTexts(b.addons).join(', ')}`] : []),
    ...(b.keepOrnaments ? ['You keep your tree and ornaments'] : []),
    ...(style ? [`Style: ${style}`] : []),
    ...(b.styleRequests ? [`Style requests: ${b.styleRequests}`] : []),
  ];
}

/** The customer's confirmation, section by section (the greeting and sign-off are the server's); `manageUrl` is the booking's link. */
export function confirmationSections(b: LetterBooking, manageUrl?: string): LetterSection[] {
  return [
    { lines: [`Booking reference: ${b.reference}`] },
    ...(manageUrl ? [manageSection(manageUrl)] : []),
    { heading: 'Your visits', lines: [...visitLines(b), `Address: ${b.address}`] },
    { heading: 'Your booking', lines: choiceLines(b) },
    ...(b.notes || b.parkingInstructions
      ? [{ heading: 'For the crew', lines: [...(b.notes ? [`Special requests: ${b.notes}`] : []), ...(b.parkingInstructions ? [`Parking: ${b.parkingInstructions}`] : [])] }]
      : []),
    { heading: 'Price', lines: priceSectionLines(b) },
    { heading: 'Before your visit', lines: [...VISIT_PREPARATION], list: true },
    { heading: 'Our policies', lines: policyLines(b, b.depositPaidAtMs), list: true },
  ];
}

/** The owner's notice of a new booking: the customer's notes, parking, style and add-ons as well. */
export function ownerNoticeSections(b: LetterBooking, customer: { name: string; email: string; phone: string }): LetterSection[] {
  return [
    { lines: [`Booking reference: ${b.reference}`, `Customer: ${customer.name} (${customer.email}, ${customer.phone})`] },
    { heading: 'Visits', lines: [...visitLines(b), `Address: ${b.address}`] },
    { heading: 'Booking', lines: choiceLines(b) },
    {
      heading: 'From the customer',
      lines: [`Special requests: ${b.notes || 'none'}`, `Parking: ${b.parkingInstructions || 'none'}`],
    },
    { heading: 'Price', lines: priceSectionLines(b) },
  ];
}
