import { createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, verifyStripeSignature, type SignatureTools } from './stripe-signature';

const tools: SignatureTools = {
  hmacSha256Hex: (data, secret) => createHmac('sha256', secret).update(data).digest('hex'),
  equal: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
};
const stripe = new Stripe('sk_test_123');
const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' });
const now = 1_795_000_000;

describe('Stripe webhook signatures', () => {
  it('accepts a header signed by the official stripe package', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now });
    expect(verifyStripeSignature(payload, header, secret, now, tools)).toBe(true);
    expect(verifyStripeSignature(payload, header, secret, now + 299, tools)).toBe(true);
  });
  it.each<[string, () => [string, string, string, number]]>([
    ['a wrong secret', () => [payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other', timestamp: now }), secret, now]],
    ['a changed payload', () => [`${payload} `, stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now }), secret, now]],
    ['a stale timestamp', () => [payload, stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now - 301 }), secret, now]],
    ['a future timestamp', () => [payload, stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now + 301 }), secret, now]],
    ['no header', () => [payload, '', secret, now]],
    ['garbage', () => [payload, 't=abc,v1=zz', secret, now]],
    ['an empty secret', () => [payload, stripe.webhooks.generateTestHeaderString({ payload, secret: '', timestamp: now }), '', now]],
  ])('refuses %s', (_n, make) => {
    const [p, h, s, n] = make();
    expect(verifyStripeSignature(p, h, s, n, tools)).toBe(false);
  });
  it('parses several v1 signatures and ignores other schemes', () => {
    expect(parseSignatureHeader('t=12,v0=aa,v1=AB,v1=cd')).toEqual({ timestamp: 12, signatures: ['ab', 'cd'] });
  });
});
