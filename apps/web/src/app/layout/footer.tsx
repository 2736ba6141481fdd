import { useConfig } from '../../features/site/api/get-config';

export function Footer() {
  const brand = useConfig().data?.brandName ?? '';
  const year = new Date().getFullYear();
  return (
    <footer className="footer footer-center bg-neutral p-6 text-neutral-content">
      <p data-testid="copyright">
        Copyright © {year} - All right reserved by {brand}
      </p>
    </footer>
  );
}
