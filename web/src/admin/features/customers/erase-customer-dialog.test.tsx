import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ERASE_CUSTOMER_MESSAGES } from '@domain/commands/erase-customer-command';
import { ERASE_DIALOG_TEXT, EraseCustomerDialog, eraseConfirmProblem, erasedSummary } from './erase-customer-dialog';

describe('the erase-customer dialog', () => {
  it('names what goes and what stays, and asks for the e-mail again', () => {
    const html = renderToStaticMarkup(<EraseCustomerDialog open onClose={() => {}} email="ann@example.com" name="Ann Lee" />);
    expect(html).toContain('Erase Ann Lee');
    expect(html).toContain(ERASE_DIALOG_TEXT.erases);
    expect(html).toContain(ERASE_DIALOG_TEXT.stays);
    expect(html).toContain('Type ann@example.com again to confirm');
    expect(html).toContain('id="erase-customer-email"');
    expect(html).toMatch(/type="submit"[^>]*>Erase</);
  });

  it('renders nothing inside while closed', () => {
    expect(renderToStaticMarkup(<EraseCustomerDialog open={false} onClose={() => {}} email="ann@example.com" name="Ann Lee" />)).not.toContain(ERASE_DIALOG_TEXT.erases);
  });

  it.each([
    ['ann@example.com', 'ann@example.com', ''],
    ['ann@example.com', ' ANN@example.com ', ''],
    ['ann@example.com', 'ann@example.org', ERASE_CUSTOMER_MESSAGES.confirm],
    ['ann@example.com', '', ERASE_CUSTOMER_MESSAGES.confirm],
  ])('confirmation of %j typed as %j: %j', (email, typed, problem) => {
    expect(eraseConfirmProblem(email, typed)).toBe(problem);
  });

  it.each([
    [{ found: false, counts: {}, uploadsDeleted: 0 }, ERASE_DIALOG_TEXT.nothing],
    [{ found: true, counts: { bookings: 2, testimonials: 1, mail_log: 3, inspiration_images: 1 }, uploadsDeleted: 1 }, 'Erased: 2 bookings, 1 review, 3 e-mails, 1 uploaded image.'],
  ])('summarises %j', (answer, sentence) => {
    expect(erasedSummary(answer)).toBe(sentence);
  });
});
