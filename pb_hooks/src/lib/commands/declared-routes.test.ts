import { describe, expect, it } from 'vitest';
import type { Command } from '@domain/commands/command';
import { declaredRoutesOf, isDeclaredRoute } from './declared-routes';

const command = {
  name: 'x',
  parse: () => ({ ok: true, value: {} }),
  idempotency: { by: 'natural', header: 'none', why: '' },
  decide: () => ({ changes: [], mails: [], answer: {} }),
} as unknown as Command<object, object, never, object>;
const declared = (path: string, caller?: string) => ({ command, path, ...(caller ? { caller } : {}), load: () => ({}), respond: () => ({}) });
const outsideCall = { path: '/api/fn/y', caller: 'admin', request: command, steps: () => ({}) };

describe('declaredRoutesOf (docs/decisions/066)', () => {
  it('takes the commands and outside calls exported with a caller and an /api/fn/ path, by path', () => {
    const a = declared('/api/fn/a', 'admin');
    const routes = declaredRoutesOf([{ a, step: declared('/api/fn/a-step'), job: declared('', 'admin'), helper: () => 1, outsideCall }]);
    expect(routes).toEqual({ '/api/fn/a': a, '/api/fn/y': outsideCall });
  });

  it('counts one declaration exported by two modules once', () => {
    const a = declared('/api/fn/a', 'admin');
    expect(Object.keys(declaredRoutesOf([{ a }, { again: a }]))).toEqual(['/api/fn/a']);
  });

  it('fails when two declarations claim one path, so the build never registers one of them', () => {
    expect(() => declaredRoutesOf([{ a: declared('/api/fn/a', 'admin') }, { b: declared('/api/fn/a', 'anyone') }])).toThrow('Two declarations claim the route POST /api/fn/a.');
  });

  it('refuses a caller that is not one of the route table’s', () => {
    expect(isDeclaredRoute(declared('/api/fn/a', 'staff'))).toBe(false);
    expect(isDeclaredRoute(declared('/api/fn/a', 'superuser'))).toBe(true);
  });
});
