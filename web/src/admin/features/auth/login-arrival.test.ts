import { describe, expect, it } from 'vitest';
import { loginArrivalOf } from './login-arrival';

describe('loginArrivalOf: the reset page hands the login its sentence and address (docs/decisions/034)', () => {
  it.each([
    ['from the reset page', { passwordChanged: true, email: 'owner@example.com' }, { passwordChanged: true, email: 'owner@example.com' }],
    ['a plain visit', null, null],
    ['another page’s state', { from: '/admin/dashboard' }, null],
    ['not changed', { passwordChanged: false, email: 'owner@example.com' }, null],
    ['no address', { passwordChanged: true }, null],
  ])('%s', (_name, state, arrival) => {
    expect(loginArrivalOf(state)).toEqual(arrival);
  });
});
