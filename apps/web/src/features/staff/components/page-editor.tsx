import { useState, type FormEvent } from 'react';
import { PAGE_TITLES, pagePath, type PageSlug, type PageVersion } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { usePageHistory, useSavePage } from '../api/staff-pages';

/** One page's Markdown, saved as a new version; its earlier versions below, with their dates. */
export function PageEditor({ slug, current }: { slug: PageSlug; current: PageVersion }) {
  const [title, setTitle] = useState(current.title);
  const [body, setBody] = useState(current.body);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const save = useSavePage(slug);
  const history = usePageHistory(slug);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const version = await save.mutateAsync({ title, body });
      setSaved(version.version);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The page could not be saved.');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="card bg-base-100 shadow" noValidate>
      <div className="card-body">
        <h3 className="text-lg font-semibold">
          {PAGE_TITLES[slug]}{' '}
          <a
            className="link text-sm font-normal"
            href={pagePath(slug)}
            target="_blank"
            rel="noreferrer"
          >
            (view)
          </a>
        </h3>
        {current.isTemplate && (
          <p
            className="text-warning-content rounded bg-warning p-2 text-sm"
            data-testid="template-warning"
          >
            This is the starting template: adapt it to your business before opening the shop.
          </p>
        )}
        <Field label="Title" value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextAreaField
          label="Text (Markdown: ## heading, - list, [link](/pages/terms); HTML is shown as text)"
          value={body}
          rows={18}
          onChange={(e) => setBody(e.target.value)}
        />
        <FormError message={error} testId="page-error" />
        {saved !== null && (
          <p role="status" className="text-success">
            Saved as version {saved}.
          </p>
        )}
        <SubmitButton busy={save.isPending}>Save as a new version</SubmitButton>
        {history.data && (
          <details className="mt-4">
            <summary className="cursor-pointer py-3">Versions ({history.data.length})</summary>
            <ul className="mt-2 text-sm">
              {history.data.map((v) => (
                <li key={v.id}>
                  Version {v.version}, {formatDateTime(v.createdAt)}
                  {v.isTemplate ? ' (template)' : ''}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </form>
  );
}
