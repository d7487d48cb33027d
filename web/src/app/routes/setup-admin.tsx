import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Set Up Admin" lead="Create the first admin account." />;
}
