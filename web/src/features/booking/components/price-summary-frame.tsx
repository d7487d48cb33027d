import type { ReactNode } from 'react';

/**
 * The running total's card with nothing priced yet: what the wizard's first step paints before
 * a package and size are chosen (PriceSummary, price-summary.tsx, loads with the prices, priced.ts).
 */
export function PriceSummaryFrame({ title = 'Your order', children = <p className="muted">Choose a package and tree size to see your price.</p> }: { title?: string; children?: ReactNode }) {
  return (
    <section className="price-summary card" aria-labelledby="price-summary-title">
      <h2 id="price-summary-title" className="price-summary__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
