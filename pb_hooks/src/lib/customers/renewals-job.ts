/**
 * The renewals job (daily, route-table.ts; run now by POST /api/fn/jobs/renewals): once season
 * Y's "Renewals open" date has come (domain/customers/renewals.ts renewalSeason), every customer
 * of an earlier season due a renewal (renewalsDue: not unsubscribed, not booked in Y, no renewal
 * yet) gets one `renewals` row and one renewal e-mail queued in the mail outbox (the deliver-mail
 * job sends it; this job never waits for SMTP).
 *
 * Set-based: the candidates are read in three queries (bookings, unsubscribed customers,
 * renewals of the season), then written in batches of BATCH, one transaction each: inside it the
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
import { choicesOfBooking } from '../bookings/bookings-repo';
import { nowMs, today } from '../clock';
import { configuredOrigin } from '../http';
import { jsonObjects } from '../json-fields';
import { queueMail } from '../mail/mail-outbox';
import { renewalMail } from '../mail/renewal';
import { loadBlockedDates, loadSeasonRecords } from '../settings';
import { inList } from './erase-customer-sql';
import { renewalToken, tokenSecret, unsubscribeQuery } from './renewal-tokens';

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

const BOOKINGS_SQL =
  "SELECT id, customer_email, status, deposit_paid_at, install_date, install_time_slot, removal_date, removal_time_slot, tree_size, hold_expires_at FROM bookings WHERE status != 'cancelled' AND customer_email != '' AND install_date != ''";

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

/** The one column `key` of the rows `sql` selects, with `params` bound. */
function keysWhere(app: CoreApp, sql: string, params: Record<string, unknown> = {}): Set<string> {
  const rows = arrayOf(new DynamicModel({ k: '' })) as unknown as { k: string }[];
  app
    .db()
    .newQuery(sql)
    .bind(params as unknown as dbx.Params)
    .all(rows);
  return new Set(rows.map((r) => r.k));
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
    addons: addonTexts(jsonObjects(b, 'selected_addons').map((a) => ({ id: String(a.id), quantity: typeof a.quantity === 'number' ? a.quantity : undefined, price: 0 }))),
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

/** Writes batch `batch` in one transaction through `tx`; returns how many were queued (the rest got a row meanwhile). */
function writeBatch(tx: CoreApp, batch: RenewalDue[], season: SeasonRecord, t: string, origin: string, blocked: ReadonlySet<string>): number {
  const keys = inList(
    'k',
    batch.map((d) => d.emailKey),
  );
  const taken = keysWhere(tx, `SELECT email_key AS k FROM renewals WHERE season = {:y} AND email_key IN (${keys.sql})`, { y: season.year, ...keys.params });
  const known = keysWhere(tx, `SELECT email_key AS k FROM customers WHERE email_key IN (${keys.sql})`, keys.params);
  const fresh = batch.filter((d) => !taken.has(d.emailKey));
  if (fresh.length === 0) return 0;
  const records = new Map(
    tx
      .findRecordsByIds(
        'bookings',
        fresh.map((d) => d.booking.id),
      )
      .map((r) => [r!.id, r!] as const),
  );
  const renewals = tx.findCollectionByNameOrId('renewals');
  const customers = tx.findCollectionByNameOrId('customers');
  const secret = tokenSecret(tx);
  let queued = 0;
  for (const d of fresh) {
    const b = records.get(d.booking.id);
    if (!b) continue; // deleted since the read: nothing to renew from
    const proposal = proposeRenewal(d.booking, season, t, blocked);
    const id = $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
    const { token, tokenHash } = renewalToken(secret, id);
    const row = new Record(renewals);
    row.set('id', id);
    row.load({
      email_key: d.emailKey,
      season: season.year,
      booking: b.id,
      proposed_install_date: proposal.installDate,
      proposed_install_slot: proposal.installSlot,
      proposed_removal_date: proposal.removalDate,
      proposed_removal_slot: proposal.removalSlot,
      token_hash: tokenHash,
    });
    tx.save(row);
    if (!known.has(d.emailKey)) {
      const c = new Record(customers);
      // The customers row's limits (pb_migrations/1732000610_customers.js).
      c.load({ email_key: d.emailKey, name: b.getString('customer_name').slice(0, 100), phone: b.getString('customer_phone').slice(0, 20), address: b.getString('customer_address').slice(0, 500) });
      tx.save(c);
    }
    const unsub = unsubscribeQuery(secret, d.emailKey);
    const letter = letterOf(b, season, t, proposal, `${origin}/booking?renewal=${token}`, `${origin}/unsubscribe?${unsub}`);
    queueMail(tx, renewalMail(id, b.getString('customer_email').trim(), letter, `${origin}/api/fn/unsubscribe?${unsub}`));
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
    unsubscribed: keysWhere(app, "SELECT email_key AS k FROM customers WHERE unsubscribed_at != ''"),
    renewed: keysWhere(app, 'SELECT email_key AS k FROM renewals WHERE season = {:y}', { y: season.year }),
  });
  const blocked = loadBlockedDates(app);
  let queued = 0;
  for (let i = 0; i < due.length; i += BATCH) {
    const batch = due.slice(i, i + BATCH);
    const write = () => {
      let n = 0;
      app.runInTransaction((tx) => {
        n = writeBatch(tx, batch, season, t, origin, blocked);
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
