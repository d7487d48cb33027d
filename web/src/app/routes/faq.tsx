import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Frequently Asked Questions" lead="Answers to the questions we hear most." />;
}
