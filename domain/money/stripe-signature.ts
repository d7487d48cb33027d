/**
 * Verification of Stripe's webhook signatures (the `Stripe-Signature` header: `t=<unix
 * seconds>,v1=<hex HMAC-SHA256 of "t.payload">`), as Stripe documents it. The HMAC and the
 * constant-time comparison are passed in, so the same rule runs in PocketBase's JSVM
 * ($security.hs256, $security.equal) and in Node tests.
 */

export interface SignatureTools {
  /** Hex HMAC-SHA256 of `data` with `secret`. */
  hmacSha256Hex: (data: string, secret: string) => string;
  /** Constant-time string equality. */
  equal: (a: string, b: string) => boolean;
}

/** Default tolerance between the signed timestamp and now: 5 minutes (Stripe's default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Parses the header into its timestamp and v1 signatures; null when malformed. */
export function parseSignatureHeader(header: string | null | undefined): { timestamp: number; signatures: string[] } | null {
  if (!header) return null;
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const key = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]+$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return Number.isFinite(timestamp) && signatures.length > 0 ? { timestamp, signatures } : null;
}

/**
 * True when `header` carries a v1 signature of `payload` by `secret` whose timestamp is within
 * `toleranceSeconds` of `nowSeconds`. Never throws.
 */
export function verifyStripeSignature(
  payload: string,
  header: string | null | undefined,
  secret: string,
  nowSeconds: number,
  tools: SignatureTools,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parsed = parseSignatureHeader(header);
  if (!parsed || !secret) return false;
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const expected = tools.hmacSha256Hex(`${parsed.timestamp}.${payload}`, secret).toLowerCase();
  return parsed.signatures.some((s) => tools.equal(s, expected));
}
