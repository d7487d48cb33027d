import type { ReactNode } from 'react';
import type { Tone } from '@domain/booking/display';

/** A small coloured status label (docs/product.md §4 colours). */
export function Pill({ tone, children }: { tone: Tone | 'gold'; children: ReactNode }) {
  return <span className={`admin-pill admin-pill--${tone}`}>{children}</span>;
}
