import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Set Up Admin" lead="Creating the first admin account is not available yet in this version of the site." />;
}
