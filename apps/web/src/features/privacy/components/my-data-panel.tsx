import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { downloadMyData, useDeleteMyAccount } from '../api/my-data';

/**
 * My Profile's data rights: a copy of everything the shop holds, and deleting the account (after
 * the password; refused with the reason while an order or invoice is open). `onDeleted` signs out.
 */
export function MyDataPanel({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteMyAccount();

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadMyData();
    } catch (err) {
      setDownloadError(
        err instanceof ApiError ? err.message : 'The download failed. Please try again.',
      );
    } finally {
      setDownloading(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync({ password });
      await onDeleted();
    } catch (err) {
      setError(
        err instanceof ApiError
          ? err.message
          : 'The account could not be deleted. Please try again.',
      );
    }
  };

  return (
    <section aria-labelledby="my-data-heading" className="mt-10 max-w-xl" data-testid="my-data">
      <h3 id="my-data-heading" className="mb-2 text-lg font-semibold">
        Your data
      </h3>
      <p className="mb-3 text-sm">
        A copy of everything we hold about you (profile, addresses, vehicle, orders, reviews, mails,
        cart, companies, quotes), as a file a program can read.
      </p>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => void download()}
        disabled={downloading}
      >
        Download my data
      </button>
      <FormError message={downloadError} testId="download-error" />

      <div className="mt-6">
        {!confirming ? (
          <button
            type="button"
            className="btn btn-error btn-outline"
            onClick={() => setConfirming(true)}
          >
            Delete my account
          </button>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="card bg-base-100 shadow" noValidate>
            <div className="card-body">
              <p className="text-sm">
                Your sign-in ends and your personal data is erased. Invoices keep the billing name,
                address, tax id and amounts for as long as the law requires; your reviews stay under
                a neutral name. This cannot be undone.
              </p>
              <Field
                label="Your password, to confirm"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <FormError message={error} testId="delete-error" />
              <div className="flex gap-2">
                <SubmitButton busy={remove.isPending} className="btn-error">
                  Delete my account for good
                </SubmitButton>
                <button
                  type="button"
                  className="btn btn-ghost mt-2"
                  onClick={() => setConfirming(false)}
                >
                  Keep my account
                </button>
              </div>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
