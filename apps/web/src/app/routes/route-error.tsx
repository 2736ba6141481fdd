import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Browsers word a failed dynamic import differently; all mean "the app was updated or offline". */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(`${error.name} ${error.message}`);
}

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const title = chunk ? 'This page could not be loaded' : 'Something went wrong';
  const text = chunk
    ? 'A part of the shop did not download, perhaps because the connection dropped or the shop was just updated. Reloading the page usually fixes it.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : 'An unexpected error stopped this page. Reloading may help.';
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4">{text}</p>
      <button
        type="button"
        className="btn btn-primary mt-6"
        onClick={() => window.location.reload()}
      >
        Reload the page
      </button>
    </section>
  );
}
