import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PartCollection } from '../../features/catalog/components/part-collection';
import { ReviewGrid } from '../../features/reviews/components/review-grid';
import { usePageTitle } from '../../components/ui/page-title';

const stats = [
  { title: 'Customers', value: '100K+' },
  { title: 'Annual revenue', value: '120M+' },
  { title: 'Reviews', value: '38K+' },
];

export default function HomeRoute() {
  usePageTitle('Car parts in bulk, straight from the manufacturer');
  return (
    <>
      <section className="bg-primary text-primary-content">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-16">
          <div>
            <h1 className="text-4xl font-extrabold leading-tight md:text-5xl">
              Car parts in bulk, straight from the factory
            </h1>
            <p className="mt-4 text-lg">
              Brake pads, filters, spark plugs, alternators and more at manufacturer prices, with
              free delivery across the whole country.
            </p>
            <a href="#collection" className="btn btn-accent mt-6">
              Browse the collection
            </a>
          </div>
          <img
            src="/images/hero.svg"
            alt="A delivery van surrounded by car parts"
            width={1200}
            height={600}
            fetchPriority="high"
            className="w-full rounded-box"
          />
        </div>
      </section>

      <section aria-label="Our figures" className="mx-auto max-w-7xl px-4 py-10">
        <dl className="stats stats-vertical w-full bg-base-100 shadow md:stats-horizontal">
          {stats.map((s) => (
            <div className="stat place-items-center" key={s.title}>
              <dt className="stat-title">{s.title}</dt>
              <dd className="stat-value text-primary">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        id="collection"
        aria-labelledby="collection-heading"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-10"
      >
        <h2 id="collection-heading" className="mb-8 text-center text-3xl font-bold">
          Our Collection
        </h2>
        <PartCollection />
        <p className="mt-8 text-center">
          <Link to={paths.parts.href()} className="btn btn-outline btn-primary">
            View all parts
          </Link>
        </p>
      </section>

      <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="reviews-heading" className="mb-8 text-center text-3xl font-bold">
          Our Reviews
        </h2>
        <ReviewGrid />
      </section>
    </>
  );
}
