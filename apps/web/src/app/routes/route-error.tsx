import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Browsers word a failed dynamic import differently; all mean "the app was updated or offline". */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(`${error.name} ${error.message}`);
}

export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  const title = chunk ? 'This page could not be loaded' : 'Something went wrong';
  const text = chunk
    ? 'A part of the shop did not download, perhaps because the connection dropped or the shop was just updated. Reloading the page usually fixes it.'
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

/**
 * Catches what a page throws (a chunk that failed to load included) and shows it inside the
 * layout, so the navbar and footer stay. Keyed by the path by its parent, so navigating away
 * clears the error.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkLoadError(error)) console.error('page crashed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
