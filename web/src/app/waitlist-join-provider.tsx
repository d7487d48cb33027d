import { lazy, Suspense, type ReactNode } from 'react';
import { WaitlistJoin, type WaitlistJoinProps } from '@/lib/waitlist-join';

// The join form and its schemas load only when a full day shows it (the public first script stays small).
const JoinWaitlist = lazy(() => import('@/features/waitlist/components/join-waitlist').then((m) => ({ default: m.JoinWaitlist })));

function LazyJoin(props: WaitlistJoinProps) {
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <JoinWaitlist {...props} />
    </Suspense>
  );
}

/**
 * Gives the booking wizard's schedule step and the manage page's move form the waitlist's join
 * (web/src/lib/waitlist-join.ts): the routes compose the features, which never import each other
 * (docs/architecture.md "Layers").
 */
export function WaitlistJoinProvider({ children }: { children: ReactNode }) {
  return <WaitlistJoin.Provider value={LazyJoin}>{children}</WaitlistJoin.Provider>;
}
