import { Navigate, type RouteObject } from 'react-router-dom';
import { HomePlaceholderPage } from './home-placeholder-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

// SPEC §2: the root goes to /main and unknown paths to /404. The full route table replaces this.
export const appRoutes: RouteObject[] = [
  { path: '/', element: <Navigate to="/main" replace /> },
  { path: '/main', element: <HomePlaceholderPage /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '*', element: <Navigate to="/404" replace /> },
];
