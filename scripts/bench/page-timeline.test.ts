import { describe, expect, it } from 'vitest';
import { formatTimeline } from './page-timeline.mjs';

describe('formatTimeline', () => {
  it('says how many scripts had arrived when each watched text showed', () => {
    const line = formatTimeline({
      seen: { 'Directions for the day': 300, 'Admin Dashboard': 120 },
      document: 10,
      scripts: [
        { name: 'index.js', end: 50 },
        { name: 'admin-core.js', end: 120 },
        { name: 'admin-dashboard.js', end: 200 },
        { name: 'workbox-window.js', end: 400 },
      ],
      marks: [],
    });
    expect(line).toBe("document 10 ms → last script 400 ms (workbox-window.js, 4 scripts) → 'Admin Dashboard' 120 ms (2 scripts by then) → 'Directions for the day' 300 ms (3 scripts by then)");
  });
});
