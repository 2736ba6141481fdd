import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

/** Route modules export their component as default; each becomes its own chunk. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors render inside the layout, so the navbar and footer stay.
        errorElement: <RouteError />,
        children: [
          { path: paths.home.path, lazy: page(() => import('./routes/home')) },
          { path: paths.blogs.path, lazy: page(() => import('./routes/blogs')) },
          { path: paths.portfolio.path, lazy: page(() => import('./routes/portfolio')) },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
