import type { ReactNode } from 'react';

/**
 * The heading band at the top of an inner page: a small eyebrow line, the page's h1 and a lead
 * paragraph, on a warm tinted background.
 */
export function PageIntro({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <div className="page-intro">
      <div className="container page-intro__inner">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </div>
  );
}
