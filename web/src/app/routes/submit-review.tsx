import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Leave a Review" lead="Use the personal link we e-mailed you to review your service." />;
}
