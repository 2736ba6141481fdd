/** A form-level error (for example the identity provider's message), announced when it appears. */
export function FormError({
  message,
  testId,
}: {
  message: string | null | undefined;
  testId?: string;
}) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-1 text-sm text-error" data-testid={testId}>
      {message}
    </p>
  );
}
