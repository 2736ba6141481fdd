import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  alerts,
  formatMoney,
  stepLabel,
  type LinesRefusal,
  type ShipTo,
} from '@storefront/contract';
import { ErrorMessage } from '../../components/ui/error-message';
import { usePageTitle } from '../../components/ui/page-title';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { dashboardPaths } from '../../config/dashboard-paths';
import { useAuth } from '../../features/auth/use-auth';
import { LineProblems } from '../../features/cart/components/line-problems';
import {
  CompanyChoice,
  type CompanyPurchase,
} from '../../features/companies/components/company-choice';
import { useCart } from '../../features/cart/use-cart';
import { useBuyingFor, useSetBuyingFor } from '../../features/companies/api/buying-for';
import { showSuccess } from '../../lib/alert';

// The form brings zod with it: the lines (what the buyer checks first) must not wait for it.
const CheckoutForm = lazy(() =>
  import('../../features/cart/components/checkout-form').then((m) => ({
    default: m.CheckoutForm,
  })),
);

/** Checkout: the cart's lines once more, where they go, the total, and "Place order". */
export default function CheckoutRoute() {
  usePageTitle('Checkout');
  const auth = useAuth();
  const navigate = useNavigate();
  const { cart, pending, error, refetch, change, remove } = useCart(auth);
  const [refusal, setRefusal] = useState<LinesRefusal | null>(null);
  const [fixing, setFixing] = useState(false);
  // Whom the order is for is the buyer's "buying for" (decision 061), kept on the server: the cart
  // is priced for it, so choosing here sets it, and the cart's prices are the order's.
  const buyingFor = useBuyingFor();
  const setBuyingFor = useSetBuyingFor();
  const [payment, setPayment] = useState<'card' | 'account'>('card');
  const chosenCompany = buyingFor.data?.companyId ?? null;
  const forCompany: CompanyPurchase = chosenCompany ? { companyId: chosenCompany, payment } : null;
  const setForCompany = (value: CompanyPurchase) => {
    setPayment(value?.payment ?? 'card');
    const companyId = value?.companyId ?? null;
    if (companyId !== chosenCompany) setBuyingFor.mutate(companyId);
  };
  const [shipTo, setShipTo] = useState<ShipTo | null>(null);
  // Where the shop collects tax, the lines' sum is the net: the form shows the total with tax.
  const [taxed, setTaxed] = useState(false);

  // Until the buyer's "buying for" is known the choice would show "Myself" for a company buyer,
  // and an order placed then would go out as a personal one, priced unlike the cart above it.
  if (pending || !auth.user || buyingFor.isPending) return <Spinner label="Loading your cart…" />;
  if (!cart || buyingFor.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorMessage
          title="We could not load your cart."
          error={error ?? buyingFor.error}
          onRetry={() => {
            refetch();
            void buyingFor.refetch();
          }}
        />
      </div>
    );
  if (cart.lines.length === 0)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 text-center">
        <h1 className="text-3xl font-bold">Checkout</h1>
        <p className="mt-4">Your cart is empty.</p>
        <Link to={paths.parts.href()} className="btn btn-primary mt-4">
          Browse parts
        </Link>
      </div>
    );

  /**
   * What the refused checkout said of a line that its cart line does not say itself: a company
   * buyer's contract price that changed between the cart and the order (a list ended or started,
   * decision 061) is priced anew in the cart, so only the refusal still tells the buyer of it.
   */
  const refusedOnly = (line: (typeof cart.lines)[number]) =>
    (refusal?.problems ?? []).filter(
      (p) =>
        p.code === 'PRICE_CHANGED' &&
        p.partId === line.partId &&
        !line.problems.some((q) => q.code === p.code),
    );

  const fix = async (action: () => Promise<void>) => {
    setFixing(true);
    try {
      await action();
    } finally {
      setFixing(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_26rem]">
      <section aria-labelledby="checkout-heading" className="min-w-0">
        <h1 id="checkout-heading" className="mb-4 text-3xl font-bold">
          Checkout
        </h1>
        {refusal && (
          <div role="alert" className="alert alert-warning mb-4" data-testid="checkout-changed">
            <p>
              {refusal.message} Nothing was ordered and nothing charged. Check the lines marked
              below, then place the order again.
            </p>
          </div>
        )}
        {!cart.ready && !refusal && (
          <p role="status" className="mb-4">
            Some lines need a change before they can be ordered.{' '}
            <Link to={paths.cart.href()} className="link link-primary">
              Back to the cart
            </Link>
          </p>
        )}
        <ul className="divide-y divide-base-300 rounded-box bg-base-100 shadow" aria-label="Lines">
          {cart.lines.map((line) => (
            <li key={line.partId} className="space-y-1 p-4" data-testid="checkout-line">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="min-w-0 break-words font-semibold">{line.name}</span>
                <span className="font-bold">{formatMoney(line.lineTotal)}</span>
              </div>
              <p className="text-sm text-base-content/80">
                {line.sku} · {line.quantity} × {formatMoney(line.unitPrice)}
                {line.priceStep !== null ? ` (${stepLabel(line.priceStep)})` : ''}
                {line.reference ? ` · Ref. ${line.reference}` : ''}
              </p>
              <LineProblems
                problems={[...line.problems, ...refusedOnly(line)]}
                busy={fixing}
                onFix={(p) =>
                  void fix(() => {
                    // Acknowledged: the cart already shows the line at the price the order charges.
                    setRefusal(
                      (r) =>
                        r && {
                          ...r,
                          problems: r.problems.filter(
                            (x) => x.partId !== line.partId || x.code !== p.code,
                          ),
                        },
                    );
                    return p.code === 'PRICE_CHANGED'
                      ? change(line.partId, { quantity: line.quantity, acceptPrice: true })
                      : p.suggested === null
                        ? remove(line.partId)
                        : change(line.partId, { quantity: p.suggested });
                  })
                }
              />
            </li>
          ))}
        </ul>
        <p className="mt-4 text-lg">
          {taxed ? 'Total before tax:' : 'Total:'}{' '}
          <strong data-testid="lines-total">{formatMoney(cart.subtotal)}</strong>
        </p>
      </section>
      <div className="space-y-4">
        <CompanyChoice value={forCompany} onChange={setForCompany} onAddress={setShipTo} />
        <Suspense fallback={<Spinner label="Loading the checkout form…" />}>
          <CheckoutForm
            cart={cart}
            forCompany={forCompany}
            shipTo={shipTo}
            onTaxed={setTaxed}
            customer={{ name: auth.user.name, email: auth.user.email }}
            onRefused={(r) => {
              setRefusal(r);
              refetch();
            }}
            onPlaced={async (order) => {
              await showSuccess(alerts.orderPlaced);
              // On account it is confirmed already: its receipt, with the invoice.
              if (order.paymentMode === 'account')
                return navigate(dashboardPaths.order.href(order._id));
              // Straight on to paying for the whole order, once.
              await navigate(dashboardPaths.payment.href(order._id));
            }}
          />
        </Suspense>
      </div>
    </div>
  );
}
