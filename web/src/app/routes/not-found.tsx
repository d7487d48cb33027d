import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { logError } from '@/lib/log';

/** Any unknown path (SPEC.md §2): 'Oops! Page not found' with a link home; logged to the console. */
export function Component() {
  const location = useLocation();
  usePageMeta('Page not found', 'The page you were looking for could not be found.', { noindex: true });
  useEffect(() => {
    logError('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <div className="container page page--center not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Oops! Page not found</h1>
      <p className="lead">The page you were looking for has been moved or never existed.</p>
      <div className="button-row">
        <Link to={paths.home} className="button button--primary">
          Return to Home
        </Link>
        <Link to={paths.services} className="button">
          See Services &amp; Pricing
        </Link>
      </div>
    </div>
  );
}
