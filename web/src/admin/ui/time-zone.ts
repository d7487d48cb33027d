/** The business time zone (DESIGN.md decision 2). */
export const BUSINESS_TIME_ZONE = 'America/New_York';
