import type { ReactNode } from 'react';
import { usePageMeta } from '@/lib/page-meta';

/** A plain page: a heading, an optional lead line and content. Used by pages later issues fill. */
export function SimplePage({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  usePageMeta(title, lead);
  return (
    <div className="container page">
      <h1>{title}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </div>
  );
}
