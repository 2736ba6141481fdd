import { blogEntries } from '../../content/blogs';
import { usePageTitle } from '../../components/ui/page-title';

export default function BlogsRoute() {
  usePageTitle('Blogs: questions and answers');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-8 text-4xl font-bold">Questions and answers</h1>
      {blogEntries.map((entry) => (
        <article
          key={entry.question}
          className="mb-8 rounded-box bg-base-100 p-6 shadow"
          data-testid="blog-entry"
        >
          <h2 className="mb-3 text-xl font-semibold">{entry.question}</h2>
          {entry.answer.map((paragraph) => (
            // Long code in an answer wraps instead of pushing the page sideways on a phone.
            <p
              key={paragraph.slice(0, 40)}
              className="mb-3 leading-relaxed [overflow-wrap:anywhere]"
            >
              {paragraph}
            </p>
          ))}
        </article>
      ))}
    </div>
  );
}
