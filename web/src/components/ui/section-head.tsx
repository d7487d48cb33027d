import type { ReactNode } from 'react';
import './section-head.css';

/**
 * The heading block of a content section: the small eyebrow line, the section's h2 (its `id`
 * labels the section through aria-labelledby), and an optional lead sentence; `start` aligns it
 * to the start (beside a button) instead of centring it.
 */
export function SectionHead({ eyebrow, id, title, lead, start = false }: { eyebrow: string; id: string; title: ReactNode; lead?: ReactNode; start?: boolean }) {
  return (
    <div className={start ? 'section-head section-head--start' : 'section-head'}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {lead && <p className="lead">{lead}</p>}
    </div>
  );
}
