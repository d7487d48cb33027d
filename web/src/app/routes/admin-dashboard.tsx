import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Admin Dashboard" lead="The back office (bookings, consultations, reviews and the schedule) is not open yet in this version of the site." />;
}
