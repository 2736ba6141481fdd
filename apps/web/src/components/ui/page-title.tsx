import { useEffect } from 'react';

/** Sets the document title for the page; the brand is added by the caller when known. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
