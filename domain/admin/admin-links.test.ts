import { describe, expect, it } from 'vitest';
import { adminBookingPath } from './admin-links';

describe('admin links', () => {
  it("a booking's details on the dashboard, its id encoded", () => {
    expect(adminBookingPath('abc123')).toBe('/admin/dashboard?booking=abc123');
    expect(adminBookingPath('a&b')).toBe('/admin/dashboard?booking=a%26b');
  });
});
