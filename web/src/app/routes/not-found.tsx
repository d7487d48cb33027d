import { useEffect } from 'react';
import { useLocation } from '@/lib/router';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { logError } from '@/lib/log';
import { LinkButtons } from '@/components/ui/link-buttons';

/** Any unknown path (docs/product.md §2): 'Oops! Page not found' with a link home; logged to the console. */
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
      <LinkButtons
        links={[
          { to: paths.home, label: 'Return to Home', className: 'button button--primary' },
          { to: paths.services, label: 'See Services & Pricing', className: 'button' },
        ]}
      />
    </div>
  );
}
