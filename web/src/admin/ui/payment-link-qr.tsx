/**
 * A QR code of a payment link, drawn as one SVG path ('Card at the door': the customer scans the
 * owner's phone and pays the balance on their own, with Apple Pay or Google Pay as Stripe
 * Checkout offers them). Encoded by `uqr` (MIT, no dependencies, about 9 kB gzipped), loaded only
 * when the dialog opens (React.lazy in features/bookings/payment-qr-dialog.tsx and features/new-booking/deposit-link-qr-dialog.tsx). Error correction M: the link is
 * short enough that the code stays coarse, and a smudged screen still scans.
 */
import { encode } from 'uqr';

/** Light modules kept around the code (the QR standard's quiet zone), in modules. */
export const QR_QUIET_ZONE = 4;

/**
 * The SVG path of `url`'s QR code: one unit square per dark module, offset by the quiet zone,
 * and the side of the whole picture in modules.
 */
export function qrPath(url: string): { d: string; side: number } {
  const { data, size } = encode(url, { ecc: 'M', border: 0 });
  const parts: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h1v1h-1z`);
    }),
  );
  return { d: parts.join(''), side: size + 2 * QR_QUIET_ZONE };
}

/** The QR code of `url`, filling its box (square), with `label` as its accessible name. */
export default function PaymentLinkQr({ url, label }: { url: string; label: string }) {
  const { d, side } = qrPath(url);
  return (
    <svg className="admin-qr" viewBox={`0 0 ${side} ${side}`} role="img" aria-label={label} shapeRendering="crispEdges" data-url={url}>
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
