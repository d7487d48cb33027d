/**
 * The admin screens' one door to the server's reads that are not in the mirror
 * (docs/architecture.md "Admin data and sync": screens read mirrored data from Dexie; these
 * answers are the server's alone: the Overview's figures and first-run facts, the settings, the
 * seasons, the blocked days, the calendar feed's link, a day's waitlist and whether the first admin may still
 * be set up). Features import these from here, never from core/api/ (eslint.config.js refuses
 * it); writes go through core/mutations.ts. Each call is one file of core/api/, re-exported
 * unchanged: its docstring there gives its shapes and errors.
 */
export { getFirstRun, type FirstRunServerFacts } from './api/get-first-run';
export { getInsights, type Insights } from './api/get-insights';
export { getSettings, type SettingRow } from './api/get-settings';
export { listBlockedDates, type BlockedDateRow } from './api/list-blocked-dates';
export { getCalendarFeed } from './api/get-calendar-feed';
export { fetchDaySlots, type DaySlots } from './api/admin-waitlist';
export { setupOpen } from './api/setup-admin';
export { listSeasons, seasonHasBooking, type SeasonRow } from './api/seasons';
