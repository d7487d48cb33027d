import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Admin Login" lead="Sign in to manage bookings, consultations, reviews and the schedule." />;
}
