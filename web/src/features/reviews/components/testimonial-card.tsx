import { findPackage, isTreeSize, TREE_SIZE_INFO } from '@domain/catalog';
import type { Testimonial } from '../api/get-testimonials';
import { Stars } from './stars';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "December 2026" from the service date, else the approval or creation time. */
export function monthYear(t: Pick<Testimonial, 'service_date' | 'approved_at' | 'created_at'>): string {
  const source = t.service_date || t.approved_at || t.created_at;
  const m = /^(\d{4})-(\d{2})/.exec(source ?? '');
  return m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : '';
}

/** "Elevated Arbor · 7.5–9 ft" (legacy package names shown by their current title). */
export function serviceText(t: Pick<Testimonial, 'package_type' | 'tree_size'>): string {
  const title = findPackage(t.package_type)?.title ?? t.package_type;
  const size = isTreeSize(t.tree_size) ? TREE_SIZE_INFO[t.tree_size].label : t.tree_size;
  return [title, size].filter(Boolean).join(' · ');
}

/** One review (docs/product.md §2 Testimonials): stars, text, name, package and tree size, month and year. */
export function TestimonialCard({ t }: { t: Testimonial }) {
  const when = monthYear(t);
  return (
    <article className="card testimonial-card">
      <Stars rating={t.rating} />
      <blockquote className="testimonial-card__text">
        <p>{t.review_text}</p>
      </blockquote>
      <footer className="testimonial-card__meta">
        <p className="testimonial-card__name">{t.customer_name}</p>
        <p className="muted">{serviceText(t)}</p>
        {when && <p className="muted">{when}</p>}
      </footer>
    </article>
  );
}
