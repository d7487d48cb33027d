/**
 * The one look of every e-mail we send (docs/decisions/021 for how they are queued): the
 * business's header, the message's title, its key facts first, its buttons, the letter
 * (greeting, sections, closing) and the business's footer. The plain-text part carries the same
 * lines in the same order as the HTML part, so a text-only mail client shows what the HTML
 * shows; a button is `Label: address` in the text part and a link labelled `Label` in the HTML.
 * Pure: no PocketBase API, so its unit tests run in Node.
 */
import type { LetterSection } from '@domain/mail/letter';
import { BUSINESS } from '@domain/business';

/** One key fact, shown first: `Installation: Tuesday, November 24, 2026, 9 AM - 3 PM`. */
export interface MailFact {
  label: string;
  value: string;
}

/** A call to action: 'Manage your booking', 'Add to calendar'… and the absolute address it opens. */
export interface MailButton {
  label: string;
  url: string;
}

/** What one e-mail says, in the order it is shown. */
export interface MailContent {
  /** A short headline under the header ('Your booking is confirmed'); '' for none. */
  title?: string;
  facts?: MailFact[];
  buttons?: MailButton[];
  greeting: string;
  sections: LetterSection[];
  closing: string;
}

/** The parts composeMail adds before the letter: the title, the key facts and the buttons. */
export type MailLead = Pick<MailContent, 'title' | 'facts' | 'buttons'>;

/** `Label: value` lines (domain/mail/letter.ts visitLines…) as facts; a line without `: ` is a value alone. */
export function factsOf(lines: string[]): MailFact[] {
  return lines.map((l) => {
    const at = l.indexOf(': ');
    return at > 0 ? { label: l.slice(0, at), value: l.slice(at + 2) } : { label: '', value: l };
  });
}

/** Escapes text for HTML bodies and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const GREEN = '#1f4d3a';
const GOLD = '#b08d57';
const INK = '#2b2b2b';
const FONT = "font-family:Georgia,'Times New Roman',serif";

/** The footer's lines: the business, its town, how to reach it. */
function footerLines(): string[] {
  return [`${BUSINESS.name} · ${BUSINESS.town}, ${BUSINESS.state}`, `${BUSINESS.phone} · ${BUSINESS.email}`];
}

/** A button as a link whose text is its label: `<a href>` first, so every client keeps the link. */
function buttonHtml(b: MailButton): string {
  const face = `display:inline-block;padding:12px 22px;margin:4px 8px 4px 0;background:${GREEN};color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none;font-family:Arial,sans-serif`;
  return `<a href="${escapeHtml(b.url)}"><span style="${face}">${escapeHtml(b.label)}</span></a>`;
}

function factText(f: MailFact): string {
  return f.label ? `${f.label}: ${f.value}` : f.value;
}

function sectionText(s: LetterSection): string {
  return [...(s.heading ? [s.heading] : []), ...s.lines.map((l) => (s.list ? `- ${l}` : l)), ...(s.link ? [`${s.link.label}: ${s.link.url}`] : [])].join('\n');
}

function sectionHtml(s: LetterSection): string {
  const heading = s.heading ? `<h3 style="margin:1.2em 0 0.3em;color:${GREEN};font-size:17px">${escapeHtml(s.heading)}</h3>\n` : '';
  const body = s.list
    ? `<ul style="margin:0.3em 0;padding-left:1.2em">${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
    : s.lines.length
      ? `<p style="margin:0.5em 0">${s.lines.map(escapeHtml).join('<br>')}</p>`
      : '';
  const link = s.link ? `\n<p style="margin:0.8em 0">${buttonHtml(s.link)}</p>` : '';
  return heading + body + link;
}

/**
 * The text and HTML parts of `content`. Text: the business's name and the title, the facts
 * (`Label: value`, one a line), the buttons (`Label: address`), the greeting, each section, the
 * closing, the footer; blocks apart by a blank line, a section's lines one a line. HTML: the
 * same, in a centred 600-pixel column with the business's header and footer.
 */
export function renderMail(content: MailContent): { text: string; html: string } {
  const facts = content.facts ?? [];
  const buttons = content.buttons ?? [];
  const title = content.title ?? '';
  const textBlocks = [
    [BUSINESS.name, ...(title ? [title] : [])].join('\n'),
    ...(facts.length ? [facts.map(factText).join('\n')] : []),
    ...(buttons.length ? [buttons.map((b) => `${b.label}: ${b.url}`).join('\n')] : []),
    content.greeting,
    ...content.sections.map(sectionText),
    content.closing,
    footerLines().join('\n'),
  ];

  const factsHtml = facts.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;background:#f7f3ea;border-left:4px solid ${GOLD};border-radius:4px"><tr><td style="padding:12px 16px;line-height:1.6">${facts
        .map((f) => (f.label ? `<strong>${escapeHtml(f.label)}:</strong> ${escapeHtml(f.value)}` : escapeHtml(f.value)))
        .join('<br>')}</td></tr></table>`
    : '';
  const buttonsHtml = buttons.length ? `<p style="margin:0 0 16px">${buttons.map(buttonHtml).join(' ')}</p>` : '';
  const letterHtml = [`<p style="margin:0.5em 0">${escapeHtml(content.greeting)}</p>`, ...content.sections.map(sectionHtml), `<p style="margin:1em 0 0">${escapeHtml(content.closing)}</p>`].join('\n');
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title || BUSINESS.name)}</title></head>
<body style="margin:0;padding:0;background:#f2efe8">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;background:#f2efe8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;color:${INK};${FONT};font-size:16px;line-height:1.5">
<tr><td style="background:${GREEN};color:#ffffff;padding:20px 24px;border-radius:8px 8px 0 0"><div style="font-size:22px;letter-spacing:0.5px">${escapeHtml(BUSINESS.name)}</div>${
    title ? `\n<h1 style="margin:6px 0 0;font-size:18px;font-weight:normal;color:#f1e6cf">${escapeHtml(title)}</h1>` : ''
  }</td></tr>
<tr><td style="padding:24px">
${factsHtml}${buttonsHtml}${letterHtml}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e6e0d2;font-size:13px;color:#6b6b6b;font-family:Arial,sans-serif">${footerLines().map(escapeHtml).join('<br>')}</td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { text: textBlocks.join('\n\n'), html };
}
