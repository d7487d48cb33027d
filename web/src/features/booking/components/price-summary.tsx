import { formatCents } from '@domain/money/cents';
import type { PriceQuote } from '@domain/money/pricing';

/** The running total: every line, the total, the 50% deposit due now and the balance. */
export function PriceSummary({ quote, title = 'Your order' }: { quote: PriceQuote | null; title?: string }) {
  return (
    <section className="price-summary card" aria-labelledby="price-summary-title">
      <h2 id="price-summary-title" className="price-summary__title">
        {title}
      </h2>
      {!quote ? (
        <p className="muted">Choose a package and tree size to see your price.</p>
      ) : (
        <>
          <dl className="price-lines">
            {quote.lines.map((l) => (
              <div key={l.code} className="price-line">
                <dt>{l.label}</dt>
                <dd>{formatCents(l.amountCents)}</dd>
              </div>
            ))}
          </dl>
          <dl className="price-totals">
            <div className="price-line price-line--total">
              <dt>Total</dt>
              <dd data-testid="total">{formatCents(quote.totalCents)}</dd>
            </div>
            <div className="price-line">
              <dt>Deposit due today (50%)</dt>
              <dd data-testid="deposit">{formatCents(quote.depositCents)}</dd>
            </div>
            <div className="price-line">
              <dt>Balance due on install day</dt>
              <dd data-testid="balance">{formatCents(quote.balanceCents)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
