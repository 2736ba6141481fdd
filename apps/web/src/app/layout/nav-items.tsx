import { memo } from 'react';
import { NavLink } from 'react-router';

export type NavItem = { to: string; label: string };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'menu-active font-semibold' : '';

/**
 * The navbar's links, shared by the small-screen menu and the wide bar. Drawn again only when the
 * links change: the navbar renders for each step of signing in (issue 41).
 */
export const NavItems = memo(function NavItems({
  items,
  onLogout,
}: {
  items: NavItem[];
  onLogout: (() => void) | null;
}) {
  return (
    <>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={linkClass} end={item.to === '/'}>
            {item.label}
          </NavLink>
        </li>
      ))}
      {onLogout && (
        <li>
          <button type="button" onClick={onLogout}>
            Logout
          </button>
        </li>
      )}
    </>
  );
});
