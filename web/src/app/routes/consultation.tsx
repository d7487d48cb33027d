import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Request a Free Consultation" lead="Consultations are held on Wednesdays during the season." />;
}
