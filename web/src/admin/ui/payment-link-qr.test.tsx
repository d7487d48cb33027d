import jsQR from 'jsqr';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import PaymentLinkQr, { qrPath } from './payment-link-qr';

/** Reads the path back into pixels (`scale` per module, white around) and decodes it with jsQR. */
function decode(d: string, side: number, scale = 4): string | null {
  const w = side * scale;
  const rgba = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const m of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const [x, y] = [Number(m[1]), Number(m[2])];
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((y * scale + dy) * w + (x * scale + dx)) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
  }
  return jsQR(rgba, w, w)?.data ?? null;
}

const LINK = 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ#fidkdWxOYHwnPyd1blpxYHZxWjA0';

describe('the payment link QR code', () => {
  it('the drawn path decodes back to the link', () => {
    const { d, side } = qrPath(LINK);
    expect(decode(d, side)).toBe(LINK);
  });

  it('renders one SVG image named for the reader, the path the same as qrPath', () => {
    const html = renderToStaticMarkup(<PaymentLinkQr url={LINK} label="QR code of the payment link for $825" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="QR code of the payment link for $825"');
    const d = /<path d="([^"]+)"/.exec(html)?.[1];
    expect(d).toBe(qrPath(LINK).d);
    expect(decode(d!, qrPath(LINK).side)).toBe(LINK);
  });
});
