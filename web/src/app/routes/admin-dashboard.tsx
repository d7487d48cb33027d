import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Admin Dashboard" lead="Bookings, consultations, reviews and the schedule." />;
}
