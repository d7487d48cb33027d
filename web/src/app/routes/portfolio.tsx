import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Portfolio" lead="A selection of trees we have decorated." />;
}
