/**
 * Money helpers. All amounts are integer cents (docs/architecture.md reading 1); these only format them.
 */

/** Formats cents as US dollars: whole amounts without cents ("$1,650"), others with ("$12.50"). */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  const whole = String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Whole dollars to cents. */
export function dollars(amount: number): number {
  return Math.round(amount * 100);
}
