import type { ReactNode } from 'react';

/**
 * One term of a description list (`<dl>`): its label as `<dt>` and its value as `<dd>`, in a
 * `<div>` (with `className` when given) so the pair can be laid out as one row.
 */
export function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
