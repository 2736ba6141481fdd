import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { RequireAdmin, RequireAuth } from './guards';

/*
 * Everything behind sign-in, loaded only when a member page is opened: the guards and the
 * dashboard's routes stay out of the first page's JavaScript.
 */
const Purchase = lazy(() => import('./routes/purchase'));
const DashboardLayout = lazy(() => import('./routes/dashboard/layout'));
const Profile = lazy(() => import('./routes/dashboard/profile'));
const MyOrders = lazy(() => import('./routes/dashboard/my-orders'));
const AddReview = lazy(() => import('./routes/dashboard/add-review'));
const Payment = lazy(() => import('./routes/dashboard/payment'));
const AddPart = lazy(() => import('./routes/dashboard/add-part'));

const NotFound = lazy(() => import('./routes/not-found'));

const dashboard = paths.dashboard;

/** Mounted at `/purchase/*` and `/dashboard/*`: the paths inside are relative to `area`. */
export default function MemberRoutes({ area }: { area: 'purchase' | 'dashboard' }) {
  return (
    <Routes>
      <Route element={<RequireAuth optimistic={area === 'purchase'} />}>
        {area === 'purchase' ? (
          <Route path=":id" element={<Purchase />} />
        ) : (
          <Route element={<DashboardLayout />}>
            <Route index element={<Profile />} />
            <Route path={dashboard.myOrders.path} element={<MyOrders />} />
            <Route path={dashboard.addReview.path} element={<AddReview />} />
            <Route path={dashboard.payment.path} element={<Payment />} />
            <Route element={<RequireAdmin />}>
              <Route path={dashboard.addPart.path} element={<AddPart />} />
            </Route>
          </Route>
        )}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
