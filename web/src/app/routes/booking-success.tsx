import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="booking-success" />;
}
