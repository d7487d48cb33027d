/**
 * The renewals job (daily, route-table.ts; run now by POST /api/fn/jobs/renewals): once season
 * Y's "Renewals open" date has come (domain/customers/renewals.ts renewalSeason), every customer
 * of an earlier season due a renewal (renewalsDue: not unsubscribed, not booked in Y, no renewal
 * yet) gets one `renewals` row and one renewal e-mail queued in the mail outbox (the deliver-mail
 * job sends it; this job never waits for SMTP).
 *
 * Set-based: the candidates are read in three queries (bookings, unsubscribed customers,
 * renewals of the season), then handled in batches of BATCH: each batch's rows and e-mails are
 * composed first, outside any transaction, then written in one transaction: inside it the
 * batch's keys that meanwhile got a row are read again and skipped, then each new row, its
 * e-mail and, when the key has none, its `customers` row are written. Writes go through one
 * connection, so two runs at once see each other's committed rows; the unique (email_key,
 * season) index refuses what slips through, and such a batch is judged again (its rows then
 * count as skipped): one renewal per customer per season whatever the runs, restarts and
 * replays. Any other failure throws (our failure: a 5xx for the run-now route).
 *
 * Returns { season (year, or null when no season's renewals are open), due, queued, skipped }.
 */
import { TREE_SIZE_INFO, findPackage, isTreeSize } from '@domain/catalog';
import { proposeRenewal, renewalSeason, renewalsDue, type RenewalBookingRow, type RenewalDue } from '@domain/customers/renewals';
import { addonTexts } from '@domain/mail/letter';
import type { RenewalLetter } from '@domain/mail/renewal-letter';
import { quote } from '@domain/money/pricing';
import { parseTimestamp } from '@domain/schedule/calendar';
import type { SeasonRecord } from '@domain/schedule/seasons';
import { choicesOfBooking } from '../booking-store/bookings-repo';
import { nowMs, today } from '../clock';
import { configuredOrigin } from '../http';
import { queueMail, type QueuedMail } from '../mail/mail-outbox';
import { renewalMail } from './renewal-mail';
import { loadBlockedDates, loadSeasonRecords } from '../settings';
import { idsWhere, inList } from './erase-customer-sql';
import { renewalToken, tokenSecret, unsubscribeQuery } from '../bookings/renewal-tokens';
import { BookingStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';

/** Customers written per transaction: short enough not to hold the one writer for long. */
const BATCH = 200;

export interface RenewalsJobResult {
  season: number | null;
  /** Customers due on this run (before the batches' checks). */
  due: number;
  queued: number;
  /** Due customers that got their renewal meanwhile (another run). */
  skipped: number;
}

const BOOKINGS_SQL = `SELECT id, customer_email, status, deposit_paid_at, install_date, install_time_slot, removal_date, removal_time_slot, tree_size, hold_expires_at FROM bookings WHERE status != '${BookingStatus.Cancelled}' AND customer_email != '' AND install_date != ''`;

/** Every booking that may matter to renewalsDue: any season, not cancelled. */
function bookingRows(app: CoreApp): RenewalBookingRow[] {
  const rows = arrayOf(
    new DynamicModel({
      id: '',
      customer_email: '',
      status: '',
      deposit_paid_at: '',
      install_date: '',
      install_time_slot: '',
      removal_date: '',
      removal_time_slot: '',
      tree_size: '',
      hold_expires_at: '',
    }),
  ) as unknown as (Omit<RenewalBookingRow, 'holdExpiresAtMs'> & { hold_expires_at: string })[];
  app.db().newQuery(BOOKINGS_SQL).all(rows);
  return rows.map(({ hold_expires_at, ...r }) => ({ ...r, holdExpiresAtMs: hold_expires_at ? parseTimestamp(hold_expires_at) : NaN }));
}

/** The e-mail keys the rows `sql` selects (as its `id` column), with `params` bound. */
function keysWhere(app: CoreApp, sql: string, params: Record<string, unknown> = {}): Set<string> {
  return new Set(idsWhere(app, sql, params));
}

/** The renewal e-mail's facts for booking record `b` (the one the renewal is made from). */
function letterOf(b: core.Record, season: SeasonRecord, t: string, proposal: ReturnType<typeof proposeRenewal>, reserveUrl: string, unsubscribeUrl: string): RenewalLetter {
  const pkg = findPackage(b.getString('package_type'));
  const size = b.getString('tree_size');
  const choices = choicesOfBooking(b);
  const full = choices ? quote(choices).totalCents : 0;
  const early = choices && season.earlyBird && t <= season.earlyBird.until ? quote(choices, { earlyBird: season.earlyBird, today: t }).totalCents : null;
  return {
    customerName: b.getString('customer_name'),
    season: season.year,
    packageLine: `${pkg?.title ?? b.getString('package_type')} · ${isTreeSize(size) ? TREE_SIZE_INFO[size].label : size}`,
    addons: addonTexts(bookingField(b, 'selected_addons').map((a) => ({ id: String(a.id), quantity: typeof a.quantity === 'number' ? a.quantity : undefined, price: 0 }))),
    address: b.getString('customer_address'),
    installDate: proposal.installDate,
    installSlot: proposal.installSlot,
    removalDate: proposal.removalDate,
    removalSlot: proposal.removalSlot,
    priceCents: full,
    earlyBird: early !== null && early < full ? { priceCents: early, until: season.earlyBird!.until } : null,
    reserveUrl,
    unsubscribeUrl,
  };
}

/** One due customer's writes, made before the transaction: the renewal row, a customers row (used only when the key has none) and the e-mail. */
interface PreparedRenewal {
  emailKey: string;
  id: string;
  row: Record<string, unknown>;
  customer: Record<string, unknown>;
  mail: QueuedMail;
}

/**
 * The writes of `batch`, composed outside any transaction so the one writer is held only for
 * the writes (docs/architecture.md "Facts about PocketBase's JSVM"): ids, tokens, proposals and
 * the e-mails. A booking deleted since the read is left out (nothing to renew from).
 */
function prepareBatch(app: CoreApp, batch: RenewalDue[], season: SeasonRecord, t: string, origin: string, blocked: ReadonlySet<string>, secret: string): PreparedRenewal[] {
  const records = new Map(
    app
      .findRecordsByIds(
        'bookings',
        batch.map((d) => d.booking.id),
      )
      .map((r) => [r!.id, r!] as const),
  );
  const out: PreparedRenewal[] = [];
  for (const d of batch) {
    const b = records.get(d.booking.id);
    if (!b) continue;
    const proposal = proposeRenewal(d.booking, season, t, blocked);
    const id = $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
    const { token, tokenHash } = renewalToken(secret, id);
    const unsub = unsubscribeQuery(secret, d.emailKey);
    const letter = letterOf(b, season, t, proposal, `${origin}/booking?renewal=${token}`, `${origin}/unsubscribe?${unsub}`);
    out.push({
      emailKey: d.emailKey,
      id,
      row: {
        email_key: d.emailKey,
        season: season.year,
        booking: b.id,
        proposed_install_date: proposal.installDate,
        proposed_install_slot: proposal.installSlot,
        proposed_removal_date: proposal.removalDate,
        proposed_removal_slot: proposal.removalSlot,
        token_hash: tokenHash,
      },
      // The customers row's limits (pb_migrations/1732000610_customers.js).
      customer: { email_key: d.emailKey, name: b.getString('customer_name').slice(0, 100), phone: b.getString('customer_phone').slice(0, 20), address: b.getString('customer_address').slice(0, 500) },
      mail: renewalMail(id, b.getString('customer_email').trim(), letter, `${origin}/api/fn/unsubscribe?${unsub}`),
    });
  }
  return out;
}

/**
 * Writes the prepared renewals `items` through `tx` (inside its transaction): the keys that got
 * a row meanwhile (another run) are read again and skipped; each other one gets its row, its
 * customers row when the key has none, and its e-mail queued. Returns how many were queued.
 */
function writeBatch(tx: CoreApp, items: PreparedRenewal[], season: number): number {
  if (items.length === 0) return 0;
  const keys = inList(
    'k',
    items.map((p) => p.emailKey),
  );
  const taken = keysWhere(tx, `SELECT email_key AS id FROM renewals WHERE season = {:y} AND email_key IN (${keys.sql})`, { y: season, ...keys.params });
  const known = keysWhere(tx, `SELECT email_key AS id FROM customers WHERE email_key IN (${keys.sql})`, keys.params);
  const renewals = tx.findCollectionByNameOrId('renewals');
  const customers = tx.findCollectionByNameOrId('customers');
  let queued = 0;
  for (const p of items) {
    if (taken.has(p.emailKey)) continue;
    const row = new Record(renewals);
    row.set('id', p.id);
    row.load(p.row);
    tx.save(row);
    if (!known.has(p.emailKey)) {
      const c = new Record(customers);
      c.load(p.customer);
      tx.save(c);
    }
    queueMail(tx, p.mail);
    queued++;
  }
  return queued;
}

/** Runs the job once for today (APP_NOW-aware); links are built on `origin`. */
export function sendRenewals(app: CoreApp, origin: string): RenewalsJobResult {
  const t = today();
  const season = renewalSeason(t, loadSeasonRecords(app));
  if (!season) return { season: null, due: 0, queued: 0, skipped: 0 };
  const due = renewalsDue({
    today: t,
    nowMs: nowMs(),
    season,
    bookings: bookingRows(app),
    unsubscribed: keysWhere(app, "SELECT email_key AS id FROM customers WHERE unsubscribed_at != ''"),
    renewed: keysWhere(app, 'SELECT email_key AS id FROM renewals WHERE season = {:y}', { y: season.year }),
  });
  const blocked = loadBlockedDates(app);
  const secret = tokenSecret(app);
  let queued = 0;
  for (let i = 0; i < due.length; i += BATCH) {
    const items = prepareBatch(app, due.slice(i, i + BATCH), season, t, origin, blocked, secret);
    const write = () => {
      let n = 0;
      app.runInTransaction((tx) => {
        n = writeBatch(tx, items, season.year);
      });
      return n;
    };
    try {
      queued += write();
    } catch (err) {
      // Another run wrote one of these rows between our check and our insert: the whole batch
      // rolled back, so judge it again (its rows now read as taken). Anything else is ours: throw.
      if (!String(err).includes('UNIQUE')) throw err;
      queued += write();
    }
  }
  return { season: season.year, due: due.length, queued, skipped: due.length - queued };
}

/** The daily job as scheduled (route-table.ts): links on the configured public origin. */
export function sendRenewalsJob(app: CoreApp): RenewalsJobResult {
  return sendRenewals(app, configuredOrigin(app));
}
