import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSignOut } from '../../features/auth/api/sign-out';
import { useAuth } from '../../features/auth/use-auth';
import { CartLink } from './cart-link';
import { SearchBox } from '../../features/catalog/components/search-box';
import { useConfig } from '../../features/site/api/get-config';
import { NavItems, type NavItem } from './nav-items';

const searchHref = (q: string) => paths.parts.href(`?q=${encodeURIComponent(q)}`);
const partHref = (id: string) => paths.part.href(id);

export function Navbar() {
  const config = useConfig();
  const auth = useAuth();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const signedIn = auth.user !== null;

  const loading = auth.status === 'loading';
  // The same links and handler from render to render, so the two lists of links are not drawn
  // again for each step of signing in (issue 41).
  const items = useMemo<NavItem[]>(
    () => [
      { to: paths.home.href(), label: 'Home' },
      { to: paths.blogs.href(), label: 'Blogs' },
      { to: paths.portfolio.href(), label: 'Portfolio' },
      ...(signedIn
        ? [
            { to: paths.quickOrder.href(), label: 'Quick order' },
            { to: paths.dashboard.root.href(), label: 'Dashboard' },
          ]
        : loading
          ? []
          : [
              { to: paths.register.href(), label: 'Register' },
              { to: paths.login.href(), label: 'Login' },
            ]),
    ],
    [signedIn, loading],
  );

  const logout = useCallback(() => {
    void signOut().then(() => navigate(paths.home.href()));
  }, [signOut, navigate]);
  const onLogout = signedIn ? logout : null;

  return (
    <header className="sticky top-0 z-30 bg-base-100 shadow-sm">
      <nav className="navbar main-nav mx-auto max-w-7xl px-4" aria-label="Main">
        <div className="navbar-start w-auto">
          <div className="lg:hidden">
            {/* A popover: the browser opens and closes it (Escape, a tap outside) and tells
                assistive technology whether it is open. */}
            <button
              type="button"
              className="btn btn-ghost btn-square"
              aria-label="Open menu"
              popoverTarget="phone-menu"
            >
              <svg
                viewBox="0 0 24 24"
                width="24"
                height="24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
            {/* Closed once a page is chosen: left open it covered the page's heading, and a tap
                meant for the heading landed on a menu item. */}
            <ul
              id="phone-menu"
              popover="auto"
              className="menu w-60 rounded-box bg-base-100 p-2 shadow"
              onClick={(e) => e.currentTarget.hidePopover()}
            >
              <NavItems items={items} onLogout={onLogout} />
            </ul>
          </div>
          <Link
            to={paths.home.href()}
            className="btn btn-ghost px-2 text-lg font-bold text-primary sm:text-xl"
            data-testid="brand"
          >
            {config.data?.brandName ?? <span className="inline-block w-40" aria-label="Home" />}
          </Link>
        </div>
        {/* On a phone the search has a row of its own (index.css): beside the brand and the cart it had 79 px. */}
        <div className="navbar-center nav-search">
          <SearchBox searchHref={searchHref} partHref={partHref} />
        </div>
        <div className="navbar-end w-auto">
          <ul className="menu menu-horizontal hidden gap-1 px-1 lg:flex">
            <NavItems items={items} onLogout={onLogout} />
          </ul>
          <CartLink />
        </div>
      </nav>
    </header>
  );
}
