import { formatCents } from '@domain/money/cents';
import type { PriceQuote } from '@domain/money/pricing';
import { PriceSummaryFrame } from './price-summary-frame';

/** The running total: every line, the total, the 50% deposit due now and the balance. */
export function PriceSummary({ quote, title = 'Your order' }: { quote: PriceQuote | null; title?: string }) {
  return (
    <PriceSummaryFrame title={title}>
      {quote ? (
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
      ) : undefined}
    </PriceSummaryFrame>
  );
}
