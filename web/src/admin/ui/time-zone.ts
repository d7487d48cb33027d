/** The business time zone (docs/architecture.md reading 2). */
export const BUSINESS_TIME_ZONE = 'America/New_York';
