import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Testimonials" lead="What our customers say about their trees." />;
}
