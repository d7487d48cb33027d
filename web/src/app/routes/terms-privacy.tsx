import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Terms & Privacy" lead="How we work with you and how we handle your information." />;
}
