/**
 * Caps on visitors' inspiration uploads (docs/decisions/042-bounded-uploads.md; docs/product.md
 * §5 Images): at most 10 uploads per booking wizard, UPLOAD_ADDRESS_MB_PER_HOUR (default 50)
 * per client address in the last hour, UPLOAD_SITE_MB_PER_DAY (default 2048) for the whole site
 * in the last 24 hours, each refused with 429 and a plain sentence. Counted from the stored
 * records (`size`, `wizard`, `client_ip`, `uploaded_at`, set by prepareInspirationUpload) on the
 * server clock (APP_NOW in tests). Admins' and superusers' uploads carry no wizard and are never
 * capped, nor counted. The wizard and address caps are per-caller limits, off with
 * RATE_LIMITS=off like the others (http.ts callerLimitsEnabled); the site's budget bounds the
 * disk and always holds.
 */
import { UPLOAD_BUDGET_DEFAULTS, uploadBudgets, uploadCapRefusal, type UploadBudgets, type UploadUsage } from '@domain/booking/inspiration-images';
import { nowMs, toPbDate } from '../clock';
import { callerLimitsEnabled, refusableTransaction } from '../http';

const HOUR_MS = 60 * 60 * 1000;

/** A whole-MB setting of at least 1 (server-env.ts refuses anything else at start), else `fallback`. */
function mbSetting(name: string, fallback: number): number {
  const raw = $os.getenv(name).trim();
  return /^\d{1,13}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : fallback;
}

/** The budgets in force: UPLOAD_ADDRESS_MB_PER_HOUR and UPLOAD_SITE_MB_PER_DAY, or the defaults. */
export function configuredUploadBudgets(): UploadBudgets {
  return uploadBudgets(mbSetting('UPLOAD_ADDRESS_MB_PER_HOUR', UPLOAD_BUDGET_DEFAULTS.addressMbPerHour), mbSetting('UPLOAD_SITE_MB_PER_DAY', UPLOAD_BUDGET_DEFAULTS.siteMbPerDay));
}

const USAGE_SQL = `SELECT
  (SELECT COUNT(*) FROM inspiration_images WHERE wizard = {:wizard}) AS wizard_uploads,
  (SELECT COALESCE(SUM(size), 0) FROM inspiration_images WHERE client_ip = {:ip} AND uploaded_at > {:hourAgo} AND wizard != '') AS address_bytes,
  (SELECT COALESCE(SUM(size), 0) FROM inspiration_images WHERE uploaded_at > {:dayAgo} AND wizard != '') AS site_bytes`;

/**
 * What wizard `wizard`, address `ip` and all visitors have stored, as of `now` (epoch ms): the
 * wizard's uploads of any age, the address's bytes uploaded after now − 1 hour, the site's after
 * now − 24 hours. Call it in the transaction of the insert it decides.
 */
export function uploadUsage(app: CoreApp, wizard: string, ip: string, now: number): UploadUsage {
  const row = new DynamicModel({ wizard_uploads: 0, address_bytes: 0, site_bytes: 0 }) as unknown as { wizard_uploads: number; address_bytes: number; site_bytes: number };
  app
    .db()
    .newQuery(USAGE_SQL)
    .bind({ wizard, ip, hourAgo: toPbDate(now - HOUR_MS), dayAgo: toPbDate(now - 24 * HOUR_MS) } as unknown as dbx.Params)
    .one(row);
  return { wizardUploads: row.wizard_uploads, addressBytesLastHour: row.address_bytes, siteBytesLastDay: row.site_bytes };
}

/**
 * onRecordCreateExecute for inspiration_images. Stamps `uploaded_at` (server clock) when the
 * create left it empty. For a visitor's upload (one with a wizard), counts the usage and inserts
 * in one transaction, so parallel uploads are counted one after another (writes go through
 * one connection) and none slips past a cap: PocketBase runs a create's execute hooks outside
 * any transaction, so this hook opens one around the rest of the create (the file is written
 * and the row inserted inside it). Throws 429 with the cap's sentence, storing nothing.
 */
export function capInspirationUpload(e: core.RecordEvent): void {
  const record = e.record!;
  const now = nowMs();
  if (!record.getString('uploaded_at')) record.set('uploaded_at', toPbDate(now));
  const wizard = record.getString('wizard');
  if (!wizard) {
    e.next();
    return;
  }
  const outer = e.app;
  refusableTransaction(outer, (tx) => {
    const refusal = uploadCapRefusal(uploadUsage(tx, wizard, record.getString('client_ip'), now), record.getInt('size'), configuredUploadBudgets(), callerLimitsEnabled());
    if (refusal) return { status: 429, message: refusal };
    // The rest of the create (PocketBase's file upload and insert) runs on the transaction.
    e.app = tx as typeof e.app;
    try {
      e.next();
    } finally {
      e.app = outer;
    }
  });
}
