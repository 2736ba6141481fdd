import type { PageResponse } from '@storefront/contract';
import { SellerAddress } from './seller-address';

/**
 * One of the shop's pages. Its HTML comes from the server, rendered from the staff's Markdown with
 * raw HTML off and unsafe links refused (server `modules/policies/markdown.ts`, decision 053):
 * nothing in it can run, so it is inserted as it is.
 */
export function PolicyPageView({ page, brandName }: { page: PageResponse; brandName: string }) {
  return (
    <article data-testid="policy-page" className="policy-text">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      <p className="text-sm opacity-70">
        Version {page.version} of {page.updatedAt.slice(0, 10)}
      </p>
      <div className="policy-body mt-4" dangerouslySetInnerHTML={{ __html: page.html }} />
      <SellerAddress seller={page.seller} brandName={brandName} />
    </article>
  );
}
