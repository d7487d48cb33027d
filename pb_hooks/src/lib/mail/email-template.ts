/**
 * An auth collection's e-mail template (e.g. `staff.resetPasswordTemplate`, which a superuser
 * may edit in PocketBase's dashboard) filled as PocketBase fills its own (mails/record.go
 * resolveEmailTemplate): {APP_NAME}, {APP_URL} and {TOKEN} as given, {RECORD:<field>} with the
 * record's field HTML-escaped. Unlike PocketBase's replacement, one pass: a value holding a
 * placeholder's text (an e-mail address "{TOKEN}@x") is never filled in turn. A placeholder
 * without a value stays as written.
 */
import { escapeHtml } from './send-mail';

export interface EmailTemplate {
  subject: string;
  /** HTML. */
  body: string;
}

export interface TemplateValues {
  /** {APP_NAME}, {APP_URL}, {TOKEN}…: put in as they are. */
  plain: Record<string, string>;
  /** {RECORD:<name>}: HTML-escaped. */
  record: Record<string, string>;
}

const PLACEHOLDER = /\{(RECORD:[A-Za-z0-9_]+|[A-Z_]+)\}/g;

/** `template` with its placeholders filled from `values` (see the file's comment). */
export function fillEmailTemplate(template: EmailTemplate, values: TemplateValues): EmailTemplate {
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      if (name.startsWith('RECORD:')) {
        const value = values.record[name.slice('RECORD:'.length)];
        return value === undefined ? whole : escapeHtml(value);
      }
      return values.plain[name] ?? whole;
    });
  return { subject: fill(template.subject), body: fill(template.body) };
}
