import { Link } from 'react-router';
import { PAGE_SLUGS, PAGE_TITLES } from '@storefront/contract';
import { paths } from '../../config/paths';
import { useConfig } from '../../features/site/api/get-config';

export function Footer() {
  const brand = useConfig().data?.brandName ?? '';
  const year = new Date().getFullYear();
  return (
    <footer className="footer footer-center bg-neutral p-6 text-neutral-content">
      {/* One column: the links above the copyright line, on a phone as on a wide screen. */}
      <div className="flex flex-col items-center gap-3">
        <nav aria-label="Shop pages" className="flex flex-wrap justify-center gap-x-4 gap-y-2">
          {PAGE_SLUGS.map((slug) => (
            <Link key={slug} className="link link-hover py-1" to={paths.page.href(slug)}>
              {PAGE_TITLES[slug]}
            </Link>
          ))}
          <Link className="link link-hover py-1" to={paths.contact.href()}>
            Contact
          </Link>
        </nav>
        <p data-testid="copyright">
          Copyright © {year} - All right reserved by {brand}
        </p>
      </div>
    </footer>
  );
}
