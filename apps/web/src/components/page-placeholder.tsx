import { useEffect } from 'react';

/** Sets the document title: "Screen · DevMarket". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · DevMarket` : 'DevMarket';
  }, [title]);
}
