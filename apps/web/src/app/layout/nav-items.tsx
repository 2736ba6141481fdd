import { NavLink } from 'react-router';

export type NavItem = { to: string; label: string };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'menu-active font-semibold' : '';

/** The navbar's links, shared by the small-screen menu and the wide bar. */
export function NavItems({
  items,
  onLogout,
  onChoose,
  itemClassName = '',
}: {
  items: NavItem[];
  onLogout: (() => void) | null;
  /** Runs when an item is chosen (the phone menu closes), even the page already open. */
  onChoose?: () => void;
  /** The phone menu's items are taller: 44 px to tap. */
  itemClassName?: string;
}) {
  return (
    <>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            className={(state) => `${linkClass(state)} ${itemClassName}`}
            end={item.to === '/'}
            onClick={onChoose}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
      {onLogout && (
        <li>
          <button
            type="button"
            className={itemClassName}
            onClick={() => {
              onChoose?.();
              onLogout();
            }}
          >
            Logout
          </button>
        </li>
      )}
    </>
  );
}
