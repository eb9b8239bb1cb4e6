import { Link } from 'react-router';
import type { RenderLink } from './layout-parts.tsx';

/** Draws the shared layout's links as router links (the app; the scan entry uses plain ones). */
export const routerLink: RenderLink = (to, content, className) => (
  <Link key={to} to={to} className={className}>
    {content}
  </Link>
);
