import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageMeta } from '../../lib/page-meta';
import { paths } from '../paths';

export function Component() {
  const location = useLocation();
  usePageMeta('Page not found');
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <div className="container page page--center">
      <h1>404</h1>
      <p className="lead">Oops! Page not found</p>
      <Link to={paths.home} className="button button--primary">Return to Home</Link>
    </div>
  );
}
