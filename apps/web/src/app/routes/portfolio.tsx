import { portfolio } from '../../content/portfolio';
import { usePageTitle } from '../../components/ui/page-title';

export default function PortfolioRoute() {
  usePageTitle(`${portfolio.name}: portfolio`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <header className="mb-8">
        <h1 className="text-4xl font-bold">{portfolio.name}</h1>
        <p className="text-lg">{portfolio.role}</p>
        <p className="mt-2">
          <a className="link link-primary" href={`mailto:${portfolio.email}`}>
            {portfolio.email}
          </a>{' '}
          · {portfolio.location}
        </p>
        <p className="mt-4 leading-relaxed">{portfolio.about}</p>
      </header>

      <section className="mb-8">
        <h2 className="mb-3 text-2xl font-semibold">Education</h2>
        <ul>
          {portfolio.education.map((e) => (
            <li key={e.title}>
              <strong>{e.title}</strong>, {e.place} ({e.years})
            </li>
          ))}
        </ul>
      </section>

      <section className="mb-8">
        <h2 className="mb-3 text-2xl font-semibold">Skills</h2>
        {portfolio.skills.map((group) => (
          <div key={group.group} className="mb-3">
            <h3 className="font-semibold">{group.group}</h3>
            <ul className="mt-1 flex flex-wrap gap-2">
              {group.items.map((skill) => (
                <li key={skill} className="badge badge-outline">
                  {skill}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section className="mb-8">
        <h2 className="mb-3 text-2xl font-semibold">Projects</h2>
        <ul className="space-y-3">
          {portfolio.projects.map((p) => (
            <li key={p.name}>
              <a className="link link-primary font-semibold" href={p.url}>
                {p.name}
              </a>
              <p>{p.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section>
        <h2 className="mb-3 text-2xl font-semibold">Links</h2>
        <ul className="flex gap-4">
          {portfolio.links.map((l) => (
            <li key={l.label}>
              <a className="link link-primary" href={l.url} rel="noopener noreferrer">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
