import { useEffect, useRef } from 'react';
import { useApi } from '../../api/api-context.tsx';

export interface AltchaCheckProps {
  /** Called with the widget's payload once the proof of work is solved. */
  onSolved: (payload: string) => void;
  /** Called when the solution expires or the widget fails. */
  onReset: () => void;
  /** The widget's language: zh or en. */
  language: string;
}

/**
 * The self-hosted human check of SPEC §5 (DESIGN.md): the ALTCHA widget solving the server's
 * challenge. The challenge comes inside the API envelope, so it is fetched here and handed over.
 */
export function AltchaCheck({ onSolved, onReset, language }: AltchaCheckProps) {
  const api = useApi();
  const hostRef = useRef<HTMLDivElement>(null);
  const solved = useRef(onSolved);
  const reset = useRef(onReset);
  useEffect(() => {
    solved.current = onSolved;
    reset.current = onReset;
  });

  useEffect(() => {
    let cancelled = false;
    const host = hostRef.current;
    let widget: HTMLElement | null = null;
    void Promise.all([import('altcha'), api.get('/api/altcha/challenge')])
      .then(([, challenge]) => {
        if (cancelled || !host) return;
        widget = document.createElement('altcha-widget') ;
        widget.setAttribute('language', language);
        widget.setAttribute('name', 'altcha');
        // The challenge is data, not a URL; set before the widget connects, so it never fetches one.
        widget.setAttribute('configuration', JSON.stringify({ challenge }));
        host.replaceChildren(widget);
        widget.addEventListener('verified', (event) => {
          const payload = (event as CustomEvent<{ payload?: string }>).detail.payload;
          if (payload) solved.current(payload);
        });
        widget.addEventListener('expired', () => reset.current());
      })
      .catch(() => reset.current());
    return () => {
      cancelled = true;
      widget?.remove();
    };
  }, [api, language]);

  return <div ref={hostRef} data-testid="altcha" style={{ minHeight: 60 }} />;
}
