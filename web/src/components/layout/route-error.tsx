import { Link, useRouteError } from 'react-router-dom';
import { paths } from '../../app/paths';

/** App-level error boundary: a failed page (or a chunk that failed to load) shows a way back. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="container page">
      <h1>Something went wrong</h1>
      <p>Please reload the page. If it keeps happening, contact us and we will help you book.</p>
      <p><Link to={paths.home}>Return home</Link></p>
    </main>
  );
}
