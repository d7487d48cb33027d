import { describe, expect, it } from 'vitest';
import { bookAgainQuery, readBookAgainQuery } from './book-again';

const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '410 555 0100', address: '1 Elm St, Columbia, MD 21044' };
const read = (q: Record<string, string>) => readBookAgainQuery((k) => new URLSearchParams(q).get(k));

describe('book again', () => {
  it('carries the contact and the last booking’s choices through the query and back', () => {
    const q = bookAgainQuery(contact, {
      package_type: 'elevated-arbor',
      tree_size: '7.5-9ft',
      selected_addons: [
        { id: 'stockings', quantity: 3, price: 4500 },
        { id: 'gift-wrap', price: 12500 },
        { id: 'retired-addon', quantity: 2, price: 1000 },
      ],
      luxe_finish: true,
      removal_service: true,
      extra_tree: false,
    });
    expect(q).toEqual({ ...contact, package: 'elevated-arbor', size: '7.5-9ft', addons: 'stockings:3,gift-wrap:1', luxe: '1', removal: '1' });
    expect(read(q)).toEqual({
      ...contact,
      packageSlug: 'elevated-arbor',
      treeSize: '7.5-9ft',
      addons: { stockings: 3, 'gift-wrap': 1 },
      luxeFinish: true,
      removalRequested: true,
      extraTree: false,
      keepOrnaments: false,
    });
  });

  it.each([
    ['no name: no prefill', {}, null],
    ['the contact only (a consultation’s Book this customer)', contact, { packageSlug: null, treeSize: null, addons: {} }],
    ['an unknown package and size are left out', { ...contact, package: 'gold', size: '20ft' }, { packageSlug: null, treeSize: null }],
    ['quantities kept within bounds', { ...contact, addons: 'stockings:999,gift-wrap:0,stockings-x:2' }, { addons: { stockings: 50, 'gift-wrap': 1 } }],
  ])('%s', (_name, q, expected) => {
    const out = read(q as Record<string, string>);
    if (expected === null) expect(out).toBeNull();
    else expect(out).toMatchObject(expected);
  });
});
