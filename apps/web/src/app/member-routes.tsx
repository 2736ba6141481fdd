import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { dashboardPaths } from '../config/dashboard-paths';
import { RequireAdmin, RequireAuth } from './guards';

/*
 * The pages behind sign-in, loaded only when one is opened: their guards and their list stay out
 * of the public pages' JavaScript. Mounted under `*` at the root, so every path here is the
 * absolute one from paths.ts.
 */
const Purchase = lazy(() => import('./routes/purchase'));
const Checkout = lazy(() => import('./routes/checkout'));
const QuickOrder = lazy(() => import('./routes/quick-order'));
const DashboardLayout = lazy(() => import('./routes/dashboard/layout'));
const Profile = lazy(() => import('./routes/dashboard/profile'));
const MyOrders = lazy(() => import('./routes/dashboard/my-orders'));
const Order = lazy(() => import('./routes/dashboard/order'));
const AddReview = lazy(() => import('./routes/dashboard/add-review'));
const Payment = lazy(() => import('./routes/dashboard/payment'));
const AddPart = lazy(() => import('./routes/dashboard/add-part'));
const EditPart = lazy(() => import('./routes/dashboard/edit-part'));
const StaffOrders = lazy(() => import('./routes/dashboard/staff-orders'));
const StaffOrder = lazy(() => import('./routes/dashboard/staff-order'));
const Admins = lazy(() => import('./routes/dashboard/admins'));
const Audit = lazy(() => import('./routes/dashboard/audit'));
const StaffPages = lazy(() => import('./routes/dashboard/staff-pages'));
const StaffParts = lazy(() => import('./routes/dashboard/staff-parts'));
const StaffPart = lazy(() => import('./routes/dashboard/staff-part'));
const Imports = lazy(() => import('./routes/dashboard/imports'));
const IndustryFiles = lazy(() => import('./routes/dashboard/industry-files'));
const Import = lazy(() => import('./routes/dashboard/import'));
const Company = lazy(() => import('./routes/dashboard/company'));
const CompanyOrders = lazy(() => import('./routes/dashboard/company-orders'));
const CompanyJoin = lazy(() => import('./routes/company-join'));
const StaffCompanies = lazy(() => import('./routes/dashboard/staff-companies'));
const StaffCompany = lazy(() => import('./routes/dashboard/staff-company'));
const StaffInvoices = lazy(() => import('./routes/dashboard/staff-invoices'));
const Quotes = lazy(() => import('./routes/quotes'));
const Quote = lazy(() => import('./routes/quote'));
const StaffQuotes = lazy(() => import('./routes/dashboard/staff-quotes'));
const StaffQuote = lazy(() => import('./routes/dashboard/staff-quote'));
const ApiKeys = lazy(() => import('./routes/dashboard/api-keys'));
const Webhooks = lazy(() => import('./routes/dashboard/webhooks'));
const PriceLists = lazy(() => import('./routes/dashboard/price-lists'));
const PriceList = lazy(() => import('./routes/dashboard/price-list'));
const Taxes = lazy(() => import('./routes/dashboard/taxes'));
const CompanyIntegrations = lazy(() => import('./routes/dashboard/company-integrations'));
const NewReturn = lazy(() => import('./routes/dashboard/new-return'));
const Returns = lazy(() => import('./routes/dashboard/returns'));
const ReturnPage = lazy(() => import('./routes/dashboard/return'));
const StaffReturns = lazy(() => import('./routes/dashboard/staff-returns'));
const StaffReturn = lazy(() => import('./routes/dashboard/staff-return'));
const NotFound = lazy(() => import('./routes/not-found'));

const dashboard = dashboardPaths;

export default function MemberRoutes() {
  return (
    <Routes>
      {/* A visitor holding a valid key sees the part at once while the session is confirmed. */}
      <Route element={<RequireAuth optimistic />}>
        <Route path={paths.purchase.path} element={<Purchase />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route path={paths.checkout.path} element={<Checkout />} />
        <Route path={paths.quickOrder.path} element={<QuickOrder />} />
        <Route path={paths.companyJoin.path} element={<CompanyJoin />} />
        <Route path={paths.quotes.path} element={<Quotes />} />
        <Route path={paths.quote.path} element={<Quote />} />
        <Route path={dashboard.root.path} element={<DashboardLayout />}>
          <Route index element={<Profile />} />
          <Route path={dashboard.myOrders.path} element={<MyOrders />} />
          <Route path={dashboard.order.path} element={<Order />} />
          <Route path={dashboard.addReview.path} element={<AddReview />} />
          <Route path={dashboard.payment.path} element={<Payment />} />
          <Route path={dashboard.newReturn.path} element={<NewReturn />} />
          <Route path={dashboard.returns.path} element={<Returns />} />
          <Route path={dashboard.returnPage.path} element={<ReturnPage />} />
          <Route path={dashboard.company.path} element={<Company />} />
          <Route path={dashboard.companyOrders.path} element={<CompanyOrders />} />
          <Route path={dashboard.companyIntegrations.path} element={<CompanyIntegrations />} />
          <Route element={<RequireAdmin />}>
            <Route path={dashboard.addPart.path} element={<AddPart />} />
            <Route path={dashboard.editPart.path} element={<EditPart />} />
            <Route path={dashboard.orders.path} element={<StaffOrders />} />
            <Route path={dashboard.staffOrder.path} element={<StaffOrder />} />
            <Route path={dashboard.parts.path} element={<StaffParts />} />
            <Route path={dashboard.staffPart.path} element={<StaffPart />} />
            <Route path={dashboard.imports.path} element={<Imports />} />
            <Route path={dashboard.staffImport.path} element={<Import />} />
            <Route path={dashboard.industryFiles.path} element={<IndustryFiles />} />
            <Route path={dashboard.admins.path} element={<Admins />} />
            <Route path={dashboard.audit.path} element={<Audit />} />
            <Route path={dashboard.pages.path} element={<StaffPages />} />
            <Route path={dashboard.companies.path} element={<StaffCompanies />} />
            <Route path={dashboard.staffCompany.path} element={<StaffCompany />} />
            <Route path={dashboard.invoices.path} element={<StaffInvoices />} />
            <Route path={dashboard.staffQuotes.path} element={<StaffQuotes />} />
            <Route path={dashboard.staffQuote.path} element={<StaffQuote />} />
            <Route path={dashboard.staffReturns.path} element={<StaffReturns />} />
            <Route path={dashboard.staffReturn.path} element={<StaffReturn />} />
            <Route path={dashboard.apiKeys.path} element={<ApiKeys />} />
            <Route path={dashboard.webhooks.path} element={<Webhooks />} />
            <Route path={dashboard.priceLists.path} element={<PriceLists />} />
            <Route path={dashboard.priceList.path} element={<PriceList />} />
            <Route path={dashboard.taxes.path} element={<Taxes />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
