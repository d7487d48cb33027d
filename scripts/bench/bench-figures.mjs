// @ts-check
/**
 * What every bench script (bench:web, bench:api, bench:admin, bench:offline, bench:checkout)
 * shares: reading its `--name=value` options, the quantiles of its timings and the season's dates.
 */

/**
 * The command line's options: `--name=value` → value, a bare `--name` → 'true'.
 * @param {string[]} argv the arguments after the script's name
 * @returns {Map<string, string>}
 */
export function benchArgs(argv = process.argv.slice(2)) {
  return new Map(argv.map((a) => /** @type {[string, string]} */ ([a.replace(/=.*/, ''), a.includes('=') ? a.replace(/^[^=]*=/, '') : 'true'])));
}

/**
 * The numeric options, each `--name=N` on the command line or else its default:
 * `benchNumbers(args, { runs: 200 })` reads `--runs`.
 * @template {Record<string, number>} T
 * @param {Map<string, string>} args benchArgs' options
 * @param {T} defaults each option's name (without the `--`) and default
 * @returns {{ [K in keyof T]: number }}
 */
export function benchNumbers(args, defaults) {
  return /** @type {{ [K in keyof T]: number }} */ (Object.fromEntries(Object.entries(defaults).map(([name, byDefault]) => [name, Number(args.get(`--${name}`) ?? byDefault)])));
}

/**
 * The `q` quantile (0..1) of `values` by the nearest rank (the lower middle for an even count's
 * median); NaN values (a run with no figure) are left out; NaN when none is left.
 * @param {number[]} values @param {number} q
 */
export function quantile(values, q) {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/** The median of `values` (quantile 0.5). @param {number[]} values */
export const median = (values) => quantile(values, 0.5);

/** Every `YYYY-MM-DD` from `from` to `to`, inclusive. @param {string} from @param {string} to */
export function datesBetween(from, to) {
  const out = [];
  for (let t = Date.parse(`${from}T12:00:00Z`); t <= Date.parse(`${to}T12:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
