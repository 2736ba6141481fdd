/** A word from the page before, above this one (loaded only when there is one). */
export default function Notice({ text }: { text: string }) {
  return (
    <p
      role="status"
      className="alert alert-info alert-soft mx-auto mt-4 max-w-5xl"
      data-testid="notice"
    >
      {text}
    </p>
  );
}
