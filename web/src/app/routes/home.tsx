import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Your holidays at home, thoughtfully adorned" lead="Christmas tree decorating, installation and removal for Maryland homes." />;
}
