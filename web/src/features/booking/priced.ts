/**
 * What the wizard needs once something is chosen, loaded then or once /booking is idle (never
 * with its first step, docs/architecture.md "What a page loads"): the prices
 * (domain/money/pricing.ts with the early-bird cut and the travel fee) and the running total
 * that shows them.
 */
export { quote } from '@domain/money/pricing';
export { PriceSummary } from './components/price-summary';
