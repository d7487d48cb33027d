import { describe, expect, it } from 'vitest';
import { quote } from '../money/pricing';
import { contactSchema, firstMessage, parseBookingRequest, styleSchema, toChoices } from './schemas';

const contact = { customerName: 'Jane Doe', customerEmail: 'jane@example.com', customerPhone: '(410) 555-0100', customerAddress: '123 Main St, Ellicott City, MD 21043' };
const message = (over: Record<string, unknown>) => {
  const r = contactSchema.safeParse({ ...contact, ...over });
  return r.success ? null : firstMessage(r.error);
};

describe('contact schema messages (docs/product.md §5)', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['valid', {}, null],
    ['blank name', { customerName: '   ' }, 'Name is required'],
    ['missing name', { customerName: undefined }, 'Name is required'],
    ['long name', { customerName: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
    ['bad email', { customerEmail: 'jane@' }, 'Invalid email address'],
    ['long email', { customerEmail: `${'a'.repeat(250)}@example.com` }, 'Email must be less than 255 characters'],
    ['bad phone', { customerPhone: '410-555-CALL' }, 'Invalid phone number format'],
    ['empty phone', { customerPhone: '' }, 'Invalid phone number format'],
    ['long phone', { customerPhone: '1'.repeat(21) }, 'Phone number must be less than 20 characters'],
    ['short address', { customerAddress: ' 12  ' }, 'Address must be at least 5 characters'],
    ['long address', { customerAddress: 'x'.repeat(501) }, 'Address must be less than 500 characters'],
    ['long notes', { notes: 'x'.repeat(2001) }, 'Notes must be less than 2000 characters'],
    ['long parking', { parkingInstructions: 'x'.repeat(1001) }, 'Parking instructions must be less than 1000 characters'],
  ])('%s', (_n, over, expected) => {
    expect(message(over)).toBe(expected);
  });
  it('trims values', () => {
    expect(contactSchema.parse({ ...contact, customerName: '  Jane  ' }).customerName).toBe('Jane');
  });
});

const ZWSP = '\u200B';

describe('contact and style text that only looks valid (docs/decisions/010; domain/text.ts)', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['NUL-only name', { customerName: '\u0000' }, 'Name is required'],
    ['zero-width-only name', { customerName: `${ZWSP}\u200C\u200D\u2060\uFEFF` }, 'Name is required'],
    ['bidi-controls-only name', { customerName: '\u202E\u2066\u2069' }, 'Name is required'],
    ['soft hyphens and Hangul filler name', { customerName: '\u00AD\u3164' }, 'Name is required'],
    ['100 letters padded with zero-width spaces', { customerName: `${ZWSP}${'x'.repeat(100)}${ZWSP.repeat(50)}` }, null],
    ['101 letters', { customerName: `${'x'.repeat(101)}${ZWSP}` }, 'Name must be less than 100 characters'],
    ['address of 4 letters and zero-width spaces', { customerAddress: `12${ZWSP.repeat(5)}ab` }, 'Address must be at least 5 characters'],
    ['address padded with NULs', { customerAddress: `\u0000${'x'.repeat(500)}\u0000` }, null],
    ['zero-width space in an e-mail', { customerEmail: `jane${ZWSP}@example.com` }, null],
    ['zero-width-only phone', { customerPhone: ZWSP.repeat(3) }, 'Invalid phone number format'],
    ['notes of 2000 letters and control characters', { notes: `${'x'.repeat(2000)}\u0000\u0007${ZWSP}` }, null],
    ['parking of 1000 letters and a BOM', { parkingInstructions: `\uFEFF${'x'.repeat(1000)}` }, null],
  ])('%s', (_n, over, expected) => {
    expect(message(over)).toBe(expected);
  });

  it('stores the cleaned values: one-line fields lose tabs and breaks, text areas keep them', () => {
    const c = contactSchema.parse({
      ...contact,
      customerName: `${ZWSP} Jane\u0000 Doe\u200D `,
      customerEmail: ` jane${ZWSP}@example.com`,
      customerAddress: '123 Main St,\r\nEllicott City',
      notes: `Line 1\r\n\tLine 2 👨\u200D👩\u200D👧${ZWSP}\u0000`,
      parkingInstructions: '\u0000',
    });
    expect(c).toMatchObject({
      customerName: 'Jane Doe',
      customerEmail: 'jane@example.com',
      customerAddress: '123 Main St,  Ellicott City',
      notes: 'Line 1\n\tLine 2 👨\u200D👩\u200D👧',
      parkingInstructions: '',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string> | string]>([
    ['invisible style words become empty', { styleColorPalette: ZWSP, styleTheme: '\u0000', styleTopper: '\u2060' }, { styleColorPalette: '', styleTheme: '', styleTopper: '' }],
    ['style words are cleaned', { styleColorPalette: `Gold${ZWSP} & red\n`, styleSpecialRequests: 'Star\r\non top\u0000' }, { styleColorPalette: 'Gold & red', styleSpecialRequests: 'Star\non top' }],
    ['lengths count after cleaning', { styleTopper: `${'x'.repeat(50)}${ZWSP.repeat(10)}` }, { styleTopper: 'x'.repeat(50) }],
    ['too long after cleaning', { styleTopper: `${'x'.repeat(51)}${ZWSP}` }, 'Topper must be less than 50 characters'],
  ])('style: %s', (_n, over, expected) => {
    const r = styleSchema.safeParse(over);
    if (typeof expected === 'string') expect(r.success ? null : firstMessage(r.error)).toBe(expected);
    else expect(r.success && r.data).toMatchObject(expected);
  });
});

const request = { ...contact, packageType: 'elevated-arbor', treeSize: '7.5-9ft', installDate: '2026-11-24', installTimeSlot: '9-15', removalDate: '2026-12-28', removalTimeSlot: '9-15' };

describe('booking request', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['valid', {}, null],
    ['no package', { packageType: undefined }, 'Please select both a package and tree size'],
    ['unknown package', { packageType: 'platinum' }, 'Please select both a package and tree size'],
    ['no size', { treeSize: '' }, 'Please select both a package and tree size'],
    ['no install date', { installDate: null }, 'Please select installation date and time slot'],
    ['no install slot', { installTimeSlot: '' }, 'Please select installation date and time slot'],
    ['no removal for an included package', { removalDate: null }, 'Please select removal date and time slot'],
    ['bad style', { styleSpecialRequests: 'x'.repeat(2001) }, 'Special requests must be less than 2000 characters'],
    ['bad image', { styleInspirationImages: ['not a url'] }, 'Inspiration images must be links to uploaded images'],
    ['off-site image', { styleInspirationImages: ['https://evil.example/pixel.gif'] }, 'Inspiration images must be links to uploaded images'],
    ['uploaded image link', { styleInspirationImages: ['https://example.com/api/files/pbc_1/abcdefghij12345/k3j5h2g8f9d0s1a2q4w6.png'] }, null],
    ['11 images', { styleInspirationImages: Array.from({ length: 11 }, () => 'https://example.com/api/files/c/abcdefghij12345/a.png') }, 'Please upload at most 10 inspiration images'],
    ['unknown add-on', { selectedAddons: ['gold-plating'] }, 'Unknown add-on'],
  ])('%s', (_n, over, expected) => {
    const r = parseBookingRequest({ ...request, ...over });
    expect(r.ok ? null : r.message).toBe(expected);
  });

  it('accepts a legacy or display package name', () => {
    const r = parseBookingRequest({ ...request, packageType: 'Adorned Arrangement', removalService: false });
    expect(r.ok && r.value.packageType).toBe('Adorned Arrangement');
    expect(parseBookingRequest({ ...request, packageType: 'premium' }).ok).toBe(true);
  });

  it('refuses a non-object body', () => {
    expect(parseBookingRequest('x')).toEqual({ ok: false, message: 'Booking details are missing.' });
  });
});

/**
 * docs/product.md §3's payload has no removal flag: where removal is optional, a removal visit sent
 * without `removalService` is a removal asked for; only an explicit false declines it.
 */
describe('booking request: the removal flag of the payload contract (docs/decisions/010)', () => {
  const adorned = { ...request, packageType: 'adorned-arrangement' };
  const keep = { ...request, keepOrnaments: true }; // Elevated Arbor with keep-ornaments: removal optional
  const noVisit = { removalDate: null, removalTimeSlot: null };
  type Outcome = { removal: boolean; date: string | null; slot: string | null } | string;
  const booked: Outcome = { removal: true, date: '2026-12-28', slot: '9-15' };
  const none: Outcome = { removal: false, date: null, slot: null };
  it.each<[string, Record<string, unknown>, Outcome]>([
    ['Adorned, no flag, removal visit sent', adorned, booked],
    ['Adorned, no flag, no removal visit', { ...adorned, ...noVisit }, none],
    ['Adorned, no flag, removal fields absent', { ...adorned, removalDate: undefined, removalTimeSlot: undefined }, none],
    ['Adorned, no flag, empty removal fields', { ...adorned, removalDate: '', removalTimeSlot: '' }, none],
    ['Adorned, no flag, only a removal date', { ...adorned, removalTimeSlot: null }, 'Please select removal date and time slot'],
    ['Adorned, no flag, malformed removal date', { ...adorned, removalDate: '28/12/2026' }, 'Please select removal date and time slot'],
    ['Adorned, explicit false, removal visit sent: cleared', { ...adorned, removalService: false }, none],
    ['Adorned, explicit true, removal visit sent', { ...adorned, removalService: true }, booked],
    ['Adorned, explicit true, no removal visit', { ...adorned, ...noVisit, removalService: true }, 'Please select removal date and time slot'],
    ['keep-ornaments, no flag, removal visit sent', keep, booked],
    ['keep-ornaments, no flag, no removal visit', { ...keep, ...noVisit }, none],
    ['keep-ornaments, explicit false, removal visit sent: cleared', { ...keep, removalService: false }, none],
    ['included removal, explicit false: still booked', { ...request, removalService: false }, booked],
    ['included removal, no flag, no removal visit', { ...request, ...noVisit }, 'Please select removal date and time slot'],
  ])('%s', (_n, body, expected) => {
    const r = parseBookingRequest(body);
    if (typeof expected === 'string') {
      expect(r).toEqual({ ok: false, message: expected });
      return;
    }
    if (!r.ok) throw new Error(r.message);
    expect({ removal: r.value.removalService, date: r.value.removalDate, slot: r.value.removalTimeSlot }).toEqual(expected);
  });

  it('prices the inferred removal: Adorned Arrangement 7.5-9 ft gets the $85 removal line', () => {
    const lines = (body: Record<string, unknown>) => {
      const r = parseBookingRequest(body);
      if (!r.ok) throw new Error(r.message);
      return quote(toChoices(r.value, null)).lines;
    };
    expect(lines(adorned)).toContainEqual({ code: 'removal', label: 'Removal service', amountCents: 8500 });
    expect(lines({ ...adorned, removalService: false }).map((l) => l.code)).toEqual(['base']);
  });
});
