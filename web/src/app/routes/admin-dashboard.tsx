import { useSearchParams } from '@/lib/router';
import { z } from 'zod';
import { DASHBOARD_TABS, DashboardPage, type DashboardTab } from '@/admin/features/shell/dashboard-page';
import { usePageMeta } from '@/lib/page-meta';

// The open tab lives in the URL (?tab=bookings), so a reload or the back button keeps it.
const query = z.object({ tab: z.enum(DASHBOARD_TABS).catch('overview') });

export function Component() {
  const [params, setParams] = useSearchParams();
  usePageMeta('Admin Dashboard', 'Bookings, consultations, reviews and the schedule.', { noindex: true });
  const { tab } = query.parse({ tab: params.get('tab') ?? 'overview' });
  const onTabChange = (next: DashboardTab) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true });
  return <DashboardPage tab={tab} onTabChange={onTabChange} />;
}
