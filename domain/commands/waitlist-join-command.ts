/**
 * Joining the waitlist for a full day (the waitlist contract: POST /api/fn/waitlist/join;
 * domain/waitlist/waitlist.ts). A customer waits for one date and one visit kind with the tree
 * size and package chosen so far; from a manage page (`bookingToken`) to move that booking's
 * visit. Refused: a date the season refuses, past or inside the notice (409); a date with a free
 * slot for the size (409: book it instead); the same date and kind already waited for (409);
 * more than MAX_LIVE_ENTRIES live dates for the e-mail (409). Else the entry is written in line
 * at `nowMs` with its leave link's hash, and the confirmation e-mail (with 'Leave the
 * waitlist') is queued with it. Pure.
 */
import { contactSchema, firstMessage, type ParseResult } from '../contact-schema';
import { findPackage, isTreeSize, type TreeSize } from '../catalog';
import { customerKey } from '../customers/customer-key';
import { isYmd, type Ymd } from '../schedule/calendar';
import type { BookingSchedule } from '../schedule/overlap';
import type { ClosingHours, VisitKind } from '../schedule/slots';
import { dateOutsideNotice, hasFreeSlot, MAX_LIVE_ENTRIES, WAITLIST_MESSAGES as M } from '../waitlist/waitlist';
import { EntryStatus } from '../waitlist/waitlist-status';
import { refuse, type Command } from './command';

export interface WaitlistJoinInput {
  name: string;
  email: string;
  phone: string;
  date: Ymd;
  kind: VisitKind;
  size: TreeSize;
  packageType: string;
  /** The wizard's choices at join (kept as given, at most a few kB). */
  choices: Record<string, unknown>;
  /** A manage link's token: waiting to move that booking's `kind` visit ('' for a new booking). */
  bookingToken: string;
}

export interface WaitlistJoinState {
  /** Why the season refuses the date for this kind, or null. */
  dateProblem: string | null;
  /** The package's minimum notice (hours). */
  noticeHours: number;
  /** The closing hours of the date's season (seasons.ts; absent: the pattern). */
  closingHours?: ClosingHours;
  crews: number;
  /** Bookings, holds and open offers of the date (bookings-repo.ts bookingsOnDates). */
  schedules: BookingSchedule[];
  /** The e-mail's live entries (waiting or offered). */
  liveEntries: { date: string; kind: string }[];
  /**
   * The booking the manage token opens (null: none given; `invalid` when given but not live),
   * with its contact: a manage page's join waits under the booking's own name, e-mail and phone.
   */
  booking: { id: string; invalid: boolean; name: string; email: string; phone: string } | null;
  /** The latest `joined_at` on the date (ms; 0 when none): a new entry joins after it, so two joins in one millisecond keep their order. */
  lastJoinedAt: number;
  /** The new entry's id and its leave link's SHA-256 (made by the server). */
  newId: string;
  leaveTokenHash: string;
  /** The caller's IP (PocketBase's RealIP), kept on the entry as on a booking's hold ('' when unknown). */
  clientIp: string;
}

/** The confirmation e-mail of the new entry. */
export interface WaitlistJoinedMail {
  kind: 'joined';
  entryId: string;
}

export interface WaitlistJoinAnswer {
  entryId: string;
}

const CHOICES_MAX_CHARS = 8000;

/**
 * Checks { name, email, phone, date, kind, size, package, choices?, bookingToken? }. With a
 * `bookingToken` (the manage page) the contact is the booking's, so name, e-mail and phone are
 * not asked and any sent are ignored.
 */
export function parseWaitlistJoin(body: Record<string, unknown>): ParseResult<WaitlistJoinInput> {
  const bookingToken = typeof body.bookingToken === 'string' ? body.bookingToken.trim() : '';
  const contact = bookingToken
    ? { success: true as const, data: { customerName: '', customerEmail: '', customerPhone: '' } }
    : contactSchema.pick({ customerName: true, customerEmail: true, customerPhone: true }).safeParse({ customerName: body.name, customerEmail: body.email, customerPhone: body.phone });
  if (!contact.success) return { ok: false, message: firstMessage(contact.error) };
  const { date, kind, size } = body;
  if (!isYmd(date) || (kind !== 'install' && kind !== 'removal') || !isTreeSize(size)) return { ok: false, message: M.badInput };
  const pkg = findPackage(typeof body.package === 'string' ? body.package : '');
  if (!pkg) return { ok: false, message: M.badInput };
  const choices = body.choices && typeof body.choices === 'object' && !Array.isArray(body.choices) ? (body.choices as Record<string, unknown>) : {};
  if (JSON.stringify(choices).length > CHOICES_MAX_CHARS) return { ok: false, message: M.badInput };
  return {
    ok: true,
    value: {
      name: contact.data.customerName,
      email: contact.data.customerEmail,
      phone: contact.data.customerPhone,
      date,
      kind,
      size,
      packageType: pkg.slug,
      choices,
      bookingToken,
    },
  };
}

export const waitlistJoinCommand: Command<WaitlistJoinInput, WaitlistJoinState, WaitlistJoinedMail, WaitlistJoinAnswer> = {
  name: 'waitlist-join',
  parse: (body) => parseWaitlistJoin(body),
  idempotency: { by: 'key', header: 'optional', fingerprint: (i) => JSON.stringify([i.email, i.date, i.kind, i.size, i.packageType, i.bookingToken]) },
  decide(state, input, nowMs) {
    if (state.booking?.invalid) return refuse(404, 'This booking link is not valid.');
    if (state.dateProblem) return refuse(409, state.dateProblem);
    if (!dateOutsideNotice(input.date, input.size, input.kind, nowMs, state.noticeHours, state.closingHours)) return refuse(409, M.tooSoon(input.date));
    const own = state.booking ? state.schedules.filter((s) => s.id !== state.booking!.id) : state.schedules;
    if (hasFreeSlot(input.date, input.size, input.kind, own, nowMs, state.noticeHours, state.crews, state.closingHours)) return refuse(409, M.free(input.date));
    if (state.liveEntries.some((e) => e.date === input.date && e.kind === input.kind)) return refuse(409, M.already(input.date));
    if (state.liveEntries.length >= MAX_LIVE_ENTRIES) return refuse(409, M.cap);
    const who = state.booking ?? input;
    return {
      changes: [
        {
          op: 'create',
          collection: 'waitlist_entries',
          id: state.newId,
          fields: {
            email_key: customerKey(who.email),
            name: who.name,
            email: who.email,
            phone: who.phone,
            date: input.date,
            kind: input.kind,
            tree_size: input.size,
            package_type: input.packageType,
            choices: input.choices,
            booking: state.booking?.id ?? '',
            joined_at: Math.max(nowMs, state.lastJoinedAt + 1),
            status: EntryStatus.Waiting,
            leave_token_hash: state.leaveTokenHash,
            client_ip: state.clientIp,
          },
        },
      ],
      mails: [{ kind: 'joined', entryId: state.newId }],
      answer: { entryId: state.newId },
    };
  },
};
