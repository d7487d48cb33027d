import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '@domain/money/cents';
import type { Insights } from '@/admin/core/reads';
import { formatShortDate } from '@/admin/ui/format';
import { HeadedRow, TableHead } from '@/admin/ui/table-head';

const weekLabel = (ymd: string) =>
  formatShortDate(ymd)
    .replace(/^\w+, /, '')
    .replace(/, \d{4}$/, '');

/**
 * Deposits and balances collected per week of the season (docs/decisions/015 Overview), as stacked bars.
 * Its own chunk: recharts loads only when the Overview shows it. A table of the same numbers
 * follows the chart for screen readers (the SVG is hidden from them, and recharts' keyboard layer
 * is off, so nothing hidden takes focus).
 */
export default function WeeklyChart({ weeks }: { weeks: Insights['weekly'] }) {
  const data = weeks.map((w) => ({ week: weekLabel(w.weekStart), deposits: w.deposits / 100, balances: w.balances / 100 }));
  return (
    <figure className="weekly-chart">
      <div className="weekly-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="week" tick={{ fontSize: 12 }} />
            <YAxis tick={{ fontSize: 12 }} width={56} tickFormatter={(v: number) => formatCents(v * 100)} />
            <Tooltip formatter={(v) => formatCents(Number(v) * 100)} />
            <Legend formatter={(value: string) => <span className="weekly-chart__legend">{value}</span>} />
            {/* Each fill is at least 3:1 on white (WCAG 1.4.11: 8.9:1 and 3.1:1); the white edge keeps the two stacked parts apart, since gold on green is only 2.9:1. */}
            <Bar dataKey="deposits" name="Deposits" stackId="paid" fill="#2b5239" stroke="#ffffff" strokeWidth={1} />
            <Bar dataKey="balances" name="Balances" stackId="paid" fill="#b08d57" stroke="#ffffff" strokeWidth={1} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">
        <table>
          <caption>Collected per week</caption>
          <TableHead columns={['Week of', 'Deposits', 'Balances']} />
          <tbody>
            {weeks.map((w) => (
              <HeadedRow key={w.weekStart} head={formatShortDate(w.weekStart)} cells={[formatCents(w.deposits), formatCents(w.balances)]} />
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
