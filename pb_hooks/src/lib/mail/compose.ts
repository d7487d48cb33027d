/**
 * One e-mail body from sections (domain/mail/letter.ts LetterSection), in the one look of
 * layout.ts: the plain-text part and the HTML part carry the same lines in the same order, so
 * what a text-only mail client shows matches what the HTML shows.
 */
import type { LetterSection } from '@domain/mail/letter';
import { renderMail, type MailLead } from './layout';

/**
 * Text and HTML of `greeting`, then `sections`, then `closing` (each a paragraph), after
 * `lead`'s title, key facts and buttons when given.
 */
export function composeMail(greeting: string, sections: LetterSection[], closing: string, lead: MailLead = {}): { text: string; html: string } {
  return renderMail({ ...lead, greeting, sections, closing });
}
