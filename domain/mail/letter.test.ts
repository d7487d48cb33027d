import { describe, expect, it } from 'vitest';
import { confirmationSections, ownerNoticeSections, policyLines, visitWindowText, type LetterBooking } from './letter';

const booking: LetterBooking = {
  reference: 'TA-ABCD1234',
  packageTitle: 'Curated Christmas',
  treeSize: '7.5–9 ft',
  installDate: '2026-11-24',
  installTimeSlot: '12-18',
  removalDate: '2027-01-05',
  removalTimeSlot: '9-15',
  address: '3 Spruce Way, Frederick, MD 21701',
  luxeFinish: true,
  keepOrnaments: true,
  addons: [
    { id: 'ornament-boost', quantity: 2, price: 20000 },
    { id: 'luxe-topper', quantity: 1, price: 2500 },
  ],
  style: { palette: 'Ivory & Gold', theme: 'Classic', topper: '' },
  styleRequests: 'More gold ribbon',
  notes: 'Gate code 1234; a friendly dog',
  parkingInstructions: 'Park in the driveway',
  priceLines: [
    { code: 'base', label: 'Curated Christmas · 7.5–9 ft', amountCents: 185000 },
    { code: 'travel', label: 'Travel fee', amountCents: 4600 },
  ],
  travelFeeCents: 4600,
  totalCents: 189600,
  depositCents: 94800,
  balanceCents: 94800,
  bookedOn: '2026-11-20',
  depositPaidAtMs: Date.parse('2026-11-20T15:00:00Z'),
};

const textOf = (sections: ReturnType<typeof confirmationSections>) => sections.flatMap((s) => [s.heading ?? '', ...s.lines]).join('\n');

describe('the booking e-mails', () => {
  it('give the slot and its one-hour arrival window', () => {
    expect(visitWindowText('12-18')).toBe('12 PM - 6 PM, arriving between 12 PM and 1 PM');
  });

  it("the customer's confirmation lists the reference, visits, choices, the travel fee line, preparation and policies", () => {
    const text = textOf(confirmationSections(booking));
    for (const line of [
      'Booking reference: TA-ABCD1234',
      'Installation: Tuesday, November 24, 2026, 12 PM - 6 PM, arriving between 12 PM and 1 PM',
      'Removal: Tuesday, January 5, 2027, 9 AM - 3 PM, arriving between 9 AM and 10 AM',
      'Luxe Finish',
      'Add-ons: Ornament Boost (25-pack) × 2, Luxe Topper',
      'You keep your tree and ornaments',
      'Style: Palette: Ivory & Gold · Theme: Classic',
      'Style requests: More gold ribbon',
      'Special requests: Gate code 1234; a friendly dog',
      'Parking: Park in the driveway',
      'Travel fee: $46',
      'Total: $1,896',
      'Deposit paid: $948',
      'Balance due on installation day: $948',
      'Clear the area around the tree and keep pets secured during our visit.',
    ]) {
      expect(text).toContain(line);
    }
    // The policy table's sentences (domain/booking/policy.ts): 48 hours before an installation inside the window.
    expect(policyLines(booking, booking.depositPaidAtMs)[1]).toContain('You may cancel online until Sunday, November 22, 2026 at 12 PM');
    expect(text).toContain('after that it is nonrefundable');
  });

  it('a booking for the next morning is promised no online change, and told whom to call', () => {
    const lines = policyLines({ ...booking, installDate: '2026-11-21', installTimeSlot: '9-15' }, booking.depositPaidAtMs).join(' ');
    expect(lines).toContain('less than 48 hours away');
    expect(lines).toContain('(410) 555-0142');
    expect(lines).not.toMatch(/You may cancel online/);
  });

  it("the owner's notice adds the customer's notes and parking, and says 'none' where there are none", () => {
    const text = textOf(ownerNoticeSections({ ...booking, parkingInstructions: '' }, { name: 'Ann Lee', email: 'ann@example.com', phone: '(410) 555-0100' }));
    expect(text).toContain('Customer: Ann Lee (ann@example.com, (410) 555-0100)');
    expect(text).toContain('Special requests: Gate code 1234; a friendly dog');
    expect(text).toContain('Parking: none');
    expect(text).toContain('Add-ons: Ornament Boost (25-pack) × 2, Luxe Topper');
    expect(text).toContain('Style: Palette: Ivory & Gold · Theme: Classic');
  });

  it('leaves out what was not chosen', () => {
    const text = textOf(
      confirmationSections({
        ...booking,
        luxeFinish: false,
        keepOrnaments: false,
        addons: [],
        style: { palette: '', theme: '', topper: '' },
        styleRequests: '',
        notes: '',
        parkingInstructions: '',
        removalDate: null,
        removalTimeSlot: null,
      }),
    );
    expect(text).not.toMatch(/Luxe Finish|Add-ons|keep your tree|Style|For the crew|Removal:/);
  });
});
