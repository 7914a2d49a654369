import { useEffect } from 'react';

/** Sets the page title, meta description and one JSON-LD block while mounted. */
export function usePageMeta(meta: { title: string; description?: string; structuredData?: object }): void {
  const json = meta.structuredData ? JSON.stringify(meta.structuredData) : '';
  useEffect(() => {
    const previousTitle = document.title;
    document.title = meta.title;
    let desc = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDesc = desc?.content;
    if (meta.description) {
      if (!desc) {
        desc = document.createElement('meta');
        desc.name = 'description';
        document.head.appendChild(desc);
      }
      desc.content = meta.description;
    }
    let script: HTMLScriptElement | null = null;
    if (json) {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      script.dataset.pageMeta = 'true';
      script.textContent = json;
      document.head.appendChild(script);
    }
    return () => {
      document.title = previousTitle;
      if (desc && previousDesc !== undefined) desc.content = previousDesc;
      script?.remove();
    };
  }, [meta.title, meta.description, json]);
}
