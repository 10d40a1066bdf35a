import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../api/api-context.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { useMessage } from '../i18n/use-message.ts';

export interface AltchaCheckProps {
  /** Called with the widget's payload once the proof of work is solved. */
  onSolved: (payload: string) => void;
  /** Called when the solution expires or the widget fails. */
  onReset: () => void;
  /**
   * The user has ticked the check once in this dialog and a request spent its solution (an SMS code sent): the
   * next challenge is solved as soon as it loads. The proof of work is done all the same; only the second tick goes.
   */
  solveAtOnce?: boolean;
}

/** The widget's texts (altcha's `Strings`) and the site's messages that say them. */
const altchaMessageIds = {
  ariaLinkLabel: 'altcha.ariaLinkLabel',
  cancel: 'altcha.cancel',
  enterCode: 'altcha.enterCode',
  enterCodeAria: 'altcha.enterCodeAria',
  enterCodeFromImage: 'altcha.enterCodeFromImage',
  error: 'altcha.error',
  expired: 'altcha.expired',
  getAudioChallenge: 'altcha.getAudioChallenge',
  label: 'altcha.label',
  loading: 'altcha.loading',
  reload: 'altcha.reload',
  verify: 'altcha.verify',
  verificationRequired: 'altcha.verificationRequired',
  verified: 'altcha.verified',
  verifying: 'altcha.verifying',
  waitAlert: 'altcha.waitAlert',
} as const satisfies Record<string, MessageId>;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The self-hosted human check of SPEC §5 (DESIGN.md): the ALTCHA widget solving the server's
 * challenge. The challenge comes inside the API envelope, so it is fetched here and handed over.
 */
export function AltchaCheck({ onSolved, onReset, solveAtOnce = false }: AltchaCheckProps) {
  const api = useApi();
  const t = useMessage();
  const { locale } = useIntl();
  const hostRef = useRef<HTMLDivElement>(null);
  const solved = useRef(onSolved);
  const reset = useRef(onReset);
  useEffect(() => {
    solved.current = onSolved;
    reset.current = onReset;
  });

  const strings = useMemo(() => {
    const texts: Record<string, string> = Object.fromEntries(Object.entries(altchaMessageIds).map(([key, id]) => [key, t(id)]));
    // The widget renders its footer as HTML; its link is the one altcha's own texts carry.
    const link = `<a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="${escapeAttribute(texts.ariaLinkLabel ?? '')}">ALTCHA</a>`;
    return { ...texts, footer: t('altcha.footer', { altcha: link }) };
  }, [t]);

  useEffect(() => {
    let cancelled = false;
    const host = hostRef.current;
    let widget: HTMLElement | null = null;
    // The widget's texts are registered as a language of their own, so its built-in ones stay as they are.
    const language = `pitchside-${locale}`;
    void Promise.all([import('altcha'), api.get('/api/altcha/challenge')])
      .then(([, challenge]) => {
        if (cancelled || !host) return;
        globalThis.$altcha.i18n.set(language, strings);
        widget = document.createElement('altcha-widget');
        widget.setAttribute('language', language);
        widget.setAttribute('name', 'altcha');
        // The challenge is data, not a URL; set before the widget connects, so it never fetches one.
        widget.setAttribute('configuration', JSON.stringify({ challenge, ...(solveAtOnce ? { auto: 'onload' } : {}) }));
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
  }, [api, locale, strings, solveAtOnce]);

  return <div ref={hostRef} data-testid="altcha" style={{ minHeight: 60 }} />;
}
