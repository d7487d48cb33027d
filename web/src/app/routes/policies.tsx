import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Policies" lead="Payments, travel, arrival, scheduling, lights, removal and incidentals." />;
}
