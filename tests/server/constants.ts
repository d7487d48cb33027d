/** The frozen server clock for server tests: Friday 2026-11-20, noon in New York. */
export const SERVER_NOW = '2026-11-20T17:00:00Z';
export const SUPERUSER = { email: 'superuser@test.local', password: 'test-superuser-password-1' };

/** The 2027 season's windows and work days as a `seasons` record holds them (the usual dates a year on). */
export const SEASON_2027_DATES = {
  year: 2027,
  install_start: '2027-11-16',
  install_end: '2027-12-23',
  removal_start: '2027-12-26',
  removal_end: '2028-01-31',
  consultation_start: '2027-11-12',
  consultation_end: '2027-12-17',
  work_days: [0, 2, 5, 6],
};
