/**
 * One e-mail body from sections (domain/booking-letter.ts LetterSection): the plain-text part
 * and the HTML part carry the same lines in the same order, so what a text-only mail client
 * shows matches what the HTML shows.
 */
import type { LetterSection } from '@domain/booking-letter';
import { escapeHtml } from './send-mail';

/** Text and HTML of `greeting`, then `sections`, then `closing` (each a paragraph). */
export function composeMail(greeting: string, sections: LetterSection[], closing: string): { text: string; html: string } {
  const textBlocks = [
    greeting,
    ...sections.map((s) => [...(s.heading ? [s.heading] : []), ...s.lines.map((l) => (s.list ? `- ${l}` : l)), ...(s.link ? [`${s.link.label}: ${s.link.url}`] : [])].join('\n')),
    closing,
  ];
  const htmlBlocks = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...sections.map((s) => {
      const heading = s.heading ? `<h3 style="margin:1em 0 0.25em">${escapeHtml(s.heading)}</h3>\n` : '';
      const body = s.list ? `<ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : `<p>${s.lines.map(escapeHtml).join('<br>')}</p>`;
      const link = s.link ? `\n<p>${escapeHtml(s.link.label)}: <a href="${escapeHtml(s.link.url)}">${escapeHtml(s.link.url)}</a></p>` : '';
      return heading + body + link;
    }),
    `<p>${escapeHtml(closing)}</p>`,
  ];
  return { text: textBlocks.join('\n\n'), html: htmlBlocks.join('\n') };
}
