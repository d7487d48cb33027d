import { SimplePage } from '../../components/ui/simple-page';

export function Component() {
  return <SimplePage title="Admin Login" lead="The admin sign-in is not open yet in this version of the site. Bookings and requests are safely stored on the server." />;
}
