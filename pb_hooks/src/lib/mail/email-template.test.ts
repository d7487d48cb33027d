import { describe, expect, it } from 'vitest';
import { fillEmailTemplate } from './email-template';

const values = { plain: { APP_NAME: 'Thoughtfully Adorned', APP_URL: 'https://shop.example', TOKEN: 'a.b.c' }, record: { email: 'ann@example.com', name: 'Ann <Admin>' } };

describe('fillEmailTemplate (an auth collection template, as PocketBase fills it)', () => {
  it('fills subject and body, every occurrence', () => {
    const filled = fillEmailTemplate(
      { subject: 'Reset your {APP_NAME} password', body: '<a href="{APP_URL}/admin/reset-password?token={TOKEN}">{APP_URL}/admin/reset-password?token={TOKEN}</a>' },
      values,
    );
    expect(filled.subject).toBe('Reset your Thoughtfully Adorned password');
    expect(filled.body).toBe('<a href="https://shop.example/admin/reset-password?token=a.b.c">https://shop.example/admin/reset-password?token=a.b.c</a>');
  });

  it("escapes the record's fields, not the app's values", () => {
    expect(fillEmailTemplate({ subject: '{RECORD:name}', body: '{RECORD:email} {APP_NAME}' }, values)).toEqual({ subject: 'Ann &lt;Admin&gt;', body: 'ann@example.com Thoughtfully Adorned' });
  });

  it('leaves unknown placeholders as written', () => {
    expect(fillEmailTemplate({ subject: '{OTP}', body: '{RECORD:phone} {app_url}' }, values)).toEqual({ subject: '{OTP}', body: '{RECORD:phone} {app_url}' });
  });

  it('fills in one pass: a value that reads like a placeholder stays as it is', () => {
    const sneaky = { plain: { TOKEN: 't' }, record: { email: '{TOKEN}@example.com' } };
    expect(fillEmailTemplate({ subject: 's', body: '{RECORD:email} {TOKEN}' }, sneaky).body).toBe('{TOKEN}@example.com t');
  });
});
