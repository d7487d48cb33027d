import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="About Us" lead="A small Maryland business that decorates Christmas trees in your home." />;
}
