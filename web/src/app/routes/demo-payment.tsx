import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="demo-payment" />;
}
