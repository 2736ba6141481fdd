import { startTransition, useContext, type AnchorHTMLAttributes } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext } from 'react-router';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path of this app (`paths.*.href()`). */
  to: string;
};

/**
 * A link to a path of this app, for long lists (the cart's lines): what React Router's `Link`
 * does for an absolute path (a plain click navigates in the app, through the same history and
 * the same transition; a modified click, another target or a handler that prevents it is left to
 * the browser), with two context reads instead of its half-dozen hooks. Fifty `Link`s were a fifth
 * of the cart's rendering on a phone (issue 41).
 */
export function AppLink({ to, onClick, target, ...rest }: Props) {
  const { navigator, useTransitions } = useContext(UNSAFE_NavigationContext);
  const { location } = useContext(UNSAFE_LocationContext);
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          (target !== undefined && target !== '_self') ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey
        )
          return;
        event.preventDefault();
        // As `Link`: a link to where the visitor already is replaces the entry instead of adding one.
        const here = `${location.pathname}${location.search}${location.hash}`;
        const go = () => (here === to ? navigator.replace : navigator.push)(to);
        if (useTransitions) startTransition(go);
        else go();
      }}
    />
  );
}
