import { describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, browserFromUserAgent, deviceTypeFromUserAgent, isAdminPath, normalizeAnalyticsEvent } from './analytics';

const UA = {
  chromeWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneFirefox: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  ipadOld: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  samsung: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
};

describe('deviceTypeFromUserAgent', () => {
  it.each([
    [UA.chromeWin, 0, 'desktop'],
    [UA.safariMac, 0, 'desktop'],
    [UA.safariMac, 5, 'tablet'], // iPadOS 13+ pretends to be a Mac
    [UA.iphoneSafari, 0, 'mobile'],
    [UA.androidPhone, 0, 'mobile'],
    [UA.androidTablet, 0, 'tablet'],
    [UA.ipadOld, 0, 'tablet'],
    [UA.curl, 0, 'desktop'],
    ['', 0, 'desktop'],
  ] as const)('%s (%i touch points) is %s', (ua, touch, expected) => {
    expect(deviceTypeFromUserAgent(ua, touch)).toBe(expected);
  });
});

describe('browserFromUserAgent', () => {
  it.each([
    [UA.chromeWin, 'Chrome'],
    [UA.edgeWin, 'Edge'],
    [UA.firefoxMac, 'Firefox'],
    [UA.safariMac, 'Safari'],
    [UA.iphoneSafari, 'Safari'],
    [UA.iphoneChrome, 'Chrome'],
    [UA.iphoneFirefox, 'Firefox'],
    [UA.androidPhone, 'Chrome'],
    [UA.samsung, 'Other'],
    [UA.opera, 'Other'],
    [UA.headless, 'Chrome'],
    [UA.curl, 'Other'],
    ['', 'Other'],
  ] as const)('%s is %s', (ua, expected) => {
    expect(browserFromUserAgent(ua)).toBe(expected);
  });
});

describe('normalizeAnalyticsEvent', () => {
  const valid = {
    event_type: 'page_view',
    page_path: '/services',
    referrer: 'https://www.google.com/',
    utm_source: 'qr_code',
    utm_medium: 'print',
    utm_campaign: 'fall',
    device_type: 'mobile',
    browser: 'Safari',
    session_id: 'abc-123_XYZ',
    user_agent: UA.iphoneSafari,
    converted: false,
    metadata: { step: 1 },
  };

  it('accepts a complete event and keeps its values', () => {
    const result = normalizeAnalyticsEvent(valid);
    expect(result).toEqual({ ok: true, value: { ...valid, location_country: '' } });
  });

  it('fills missing optional fields and derives device and browser from the user agent', () => {
    const result = normalizeAnalyticsEvent({ event_type: 'page_view', page_path: '/', user_agent: UA.androidTablet });
    expect(result).toEqual({
      ok: true,
      value: {
        event_type: 'page_view',
        page_path: '/',
        referrer: '',
        utm_source: '',
        utm_medium: '',
        utm_campaign: '',
        location_country: '',
        device_type: 'tablet',
        browser: 'Chrome',
        session_id: '',
        user_agent: UA.androidTablet,
        converted: false,
        metadata: {},
      },
    });
  });

  it.each([
    [null, 'Event must be an object'],
    [[], 'Event must be an object'],
    ['page_view', 'Event must be an object'],
    [{ ...valid, event_type: 'click' }, 'Invalid event type'],
    // Conversions are written by the server from verified payments only.
    [{ ...valid, event_type: 'conversion', converted: true }, 'Invalid event type'],
    [{ ...valid, page_path: '/admin/dashboard' }, 'Admin pages are not recorded'],
    [{ ...valid, page_path: '/admin' }, 'Admin pages are not recorded'],
    [{ ...valid, page_path: '/setup-admin' }, 'Admin pages are not recorded'],
    [{ ...valid, event_type: undefined }, 'Invalid event type'],
    [{ ...valid, page_path: 'services' }, 'Invalid page path'],
    [{ ...valid, page_path: '' }, 'Invalid page path'],
    [{ ...valid, page_path: 42 }, 'Invalid page path'],
    [{ ...valid, metadata: [1, 2] }, 'Metadata must be an object'],
    [{ ...valid, metadata: 'x' }, 'Metadata must be an object'],
    [{ ...valid, metadata: { big: 'x'.repeat(ANALYTICS_LIMITS.metadataJson) } }, 'Metadata is too large'],
  ])('rejects %j: %s', (input, message) => {
    expect(normalizeAnalyticsEvent(input)).toEqual({ ok: false, message });
  });

  it('caps every text field at its limit', () => {
    const long = (n: number) => 'a'.repeat(n + 50);
    const result = normalizeAnalyticsEvent({
      ...valid,
      page_path: `/${long(ANALYTICS_LIMITS.page_path)}`,
      referrer: long(ANALYTICS_LIMITS.referrer),
      utm_source: long(ANALYTICS_LIMITS.utm),
      utm_medium: long(ANALYTICS_LIMITS.utm),
      utm_campaign: long(ANALYTICS_LIMITS.utm),
      session_id: long(ANALYTICS_LIMITS.session_id),
      user_agent: long(ANALYTICS_LIMITS.user_agent),
    });
    if (!result.ok) throw new Error(result.message);
    const v = result.value;
    expect(v.page_path).toHaveLength(ANALYTICS_LIMITS.page_path);
    expect(v.referrer).toHaveLength(ANALYTICS_LIMITS.referrer);
    expect(v.utm_source).toHaveLength(ANALYTICS_LIMITS.utm);
    expect(v.utm_medium).toHaveLength(ANALYTICS_LIMITS.utm);
    expect(v.utm_campaign).toHaveLength(ANALYTICS_LIMITS.utm);
    expect(v.session_id).toHaveLength(ANALYTICS_LIMITS.session_id);
    expect(v.user_agent).toHaveLength(ANALYTICS_LIMITS.user_agent);
  });

  it('counts characters, not UTF-16 units, and never splits an emoji', () => {
    const result = normalizeAnalyticsEvent({ ...valid, utm_campaign: '🎄'.repeat(ANALYTICS_LIMITS.utm + 5) });
    if (!result.ok) throw new Error(result.message);
    expect(Array.from(result.value.utm_campaign)).toHaveLength(ANALYTICS_LIMITS.utm);
    expect(result.value.utm_campaign).toBe('🎄'.repeat(ANALYTICS_LIMITS.utm));
  });

  it('strips control and invisible characters, trims, and cleans the session id', () => {
    const result = normalizeAnalyticsEvent({ ...valid, referrer: '  https://example.com/\n\u0000 ', utm_source: '\u200Bnewsletter\u2060', session_id: 'ab c<script>1' });
    if (!result.ok) throw new Error(result.message);
    expect(result.value.referrer).toBe('https://example.com/');
    expect(result.value.utm_source).toBe('newsletter');
    expect(result.value.session_id).toBe('abcscript1');
  });

  it('replaces unknown enum values and non-strings, and only accepts boolean true as converted', () => {
    const result = normalizeAnalyticsEvent({ ...valid, device_type: 'phablet', browser: 'Netscape', referrer: 12, converted: 'true', extra: 'dropped' });
    if (!result.ok) throw new Error(result.message);
    expect(result.value.device_type).toBe('mobile');
    expect(result.value.browser).toBe('Safari');
    expect(result.value.referrer).toBe('');
    expect(result.value.converted).toBe(false);
    expect(result.value).not.toHaveProperty('extra');
  });

  it("ignores a visitor's converted flag and country: the server alone sets them", () => {
    const result = normalizeAnalyticsEvent({ ...valid, converted: true, location_country: 'Narnia' });
    expect(result).toEqual({ ok: true, value: { ...valid, converted: false, location_country: '' } });
  });

  it('accepts a share with metadata', () => {
    const result = normalizeAnalyticsEvent({ event_type: 'share', page_path: '/portfolio', metadata: { network: 'facebook' } });
    expect(result.ok && result.value.metadata).toEqual({ network: 'facebook' });
  });
});

describe('isAdminPath', () => {
  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/dashboard', true],
    ['/setup-admin', true],
    ['/administrator', false],
    ['/admin-tips', false],
    ['/', false],
    ['/booking/admin', false],
  ])('%s → %s', (path, expected) => {
    expect(isAdminPath(path)).toBe(expected);
  });
});
