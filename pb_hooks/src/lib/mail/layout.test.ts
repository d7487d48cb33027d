import { describe, expect, it } from 'vitest';
import { factsOf, renderMail } from './layout';
import { messageIdFor, senderName } from './message-id';

const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('renderMail (the one look of every e-mail)', () => {
  const mail = renderMail({
    title: 'Your booking is confirmed',
    facts: factsOf(['Booking reference: TA-1', 'Installation: Tuesday, November 24, 2026, 9 AM - 3 PM']),
    buttons: [{ label: 'Manage your booking', url: 'https://shop.example/my-booking?token=abc&x=1' }],
    greeting: 'Hello Ann <Admin>,',
    sections: [{ heading: 'Before your visit', lines: ['Clear the area.', 'Secure pets & kids.'], list: true }, { lines: ['One', 'Two'] }],
    closing: 'Questions? Call us.',
  });

  it('puts the header, the title, the key facts and the buttons before the letter, and the footer last, in the text part', () => {
    expect(mail.text).toBe(
      [
        'Thoughtfully Adorned\nYour booking is confirmed',
        'Booking reference: TA-1\nInstallation: Tuesday, November 24, 2026, 9 AM - 3 PM',
        'Manage your booking: https://shop.example/my-booking?token=abc&x=1',
        'Hello Ann <Admin>,',
        'Before your visit\n- Clear the area.\n- Secure pets & kids.',
        'One\nTwo',
        'Questions? Call us.',
        'Thoughtfully Adorned · Ellicott City, MD\n(410) 555-0142 · hello@thoughtfullyadorned.com',
      ].join('\n\n'),
    );
  });

  it('shows every line of the text part in the HTML part, escaped; a button is a link labelled with its name, not a raw address', () => {
    const visible = mail.html.replace(/<[^>]+>/g, '');
    for (const line of mail.text.split('\n').filter(Boolean)) {
      if (line.startsWith('Manage your booking: ')) continue;
      expect(visible).toContain(escape(line.replace(/^- /, '')));
    }
    expect(mail.html).toContain('<a href="https://shop.example/my-booking?token=abc&amp;x=1"><span');
    expect(visible).toContain('Manage your booking');
    expect(visible).not.toContain('https://');
    expect(mail.html).not.toContain('<Admin>');
  });
});

describe('messageIdFor (the Message-ID of an outbox key)', () => {
  it('is the same for the same key, a dot-atom on the sender’s domain, and different for keys that differ only in a sign', () => {
    expect(messageIdFor('booking_confirmation:abc123:deposit', 'Bookings@Shop.Example')).toBe('<booking_confirmation=3Aabc123=3Adeposit@shop.example>');
    expect(messageIdFor('receipt:abc:refund-re_1', 'b@x.com')).toBe(messageIdFor('receipt:abc:refund-re_1', 'b@x.com'));
    expect(messageIdFor('a:b.c', 'b@x.com')).not.toBe(messageIdFor('a:b=2Ec', 'b@x.com'));
    expect(messageIdFor('é:1', '')).toBe('<=E9=3A1@localhost>');
    expect(messageIdFor('a:b:c', 'b@x.com')).toMatch(/^<[A-Za-z0-9_=-]+@[a-z0-9.-]+>$/);
  });
});

describe('senderName', () => {
  it('is the name configured, else the business’s (PocketBase’s default Support counts as none)', () => {
    expect(senderName('Adorned Bookings', 'Thoughtfully Adorned')).toBe('Adorned Bookings');
    expect(senderName('Support', 'Thoughtfully Adorned')).toBe('Thoughtfully Adorned');
    expect(senderName(' ', 'Thoughtfully Adorned')).toBe('Thoughtfully Adorned');
  });
});
