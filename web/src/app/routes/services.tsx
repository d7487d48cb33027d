import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Services & Pricing" lead="Our packages, upgrades, the Luxe Finish and guidance on keeping your ornaments." />;
}
