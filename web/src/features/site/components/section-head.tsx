import type { ReactNode } from 'react';

/**
 * The heading block of a content section: the small eyebrow line, the section's h2 (its `id`
 * labels the section through aria-labelledby), and an optional lead sentence.
 */
export function SectionHead({ eyebrow, id, title, lead }: { eyebrow: string; id: string; title: ReactNode; lead?: ReactNode }) {
  return (
    <div className="section-head">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {lead && <p className="lead">{lead}</p>}
    </div>
  );
}
