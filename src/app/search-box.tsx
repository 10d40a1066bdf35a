import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMessage } from '../i18n/use-message.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { Icon } from '../ui/icon.tsx';
import { TextInput } from '../ui/text-input.tsx';
import styles from './search-box.module.css';

/** SPEC §5 and §9: the search input takes at most 10 characters; 10 hot matches are shown. */
export const searchMaxLength = 10;
export const hotMatchesShown = 10;

/** A hot match offered under the search box. */
export interface HotMatch {
  /** The match id. */
  id: number;
  /** The league's short name (short_name_zh, SPEC §3). */
  league: string;
  /** Home and away, as shown. */
  teams: string;
  /** Where the match's page is. */
  href: string;
}

export interface SearchBoxProps {
  /** Earlier searches, newest first. */
  history: readonly string[];
  /**
   * The hot matches, and the hot search words when there are any (none: the section is left out);
   * `idle` before the panel was first opened.
   */
  hot: { status: 'idle' | 'loading' | 'error' | 'ready'; matches: readonly HotMatch[]; keywords?: readonly string[] };
  /** Called with the trimmed text when a search is made (Enter, the button, a history entry). */
  onSearch: (term: string) => void;
  /** Called by the clear-history button. */
  onClearHistory: () => void;
  /** Called whenever the panel opens (to load the hot matches). */
  onOpen: () => void;
  /** Focuses the field on mount (the phone layout opens the box on demand). */
  autoFocus?: boolean;
}

/** The top bar's search: a 10-character field, its history and the top 10 hot matches (SPEC §2). */
export function SearchBox({ history, hot, onSearch, onClearHistory, onOpen, autoFocus = false }: SearchBoxProps) {
  const t = useMessage();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  // Escape hands the focus back to the field; that focus must not open the panel again.
  const focusFromEscape = useRef(false);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  function show() {
    if (!open) onOpen();
    setOpen(true);
  }

  function search(text: string) {
    const trimmed = text.trim();
    if (trimmed === '') return;
    onSearch(trimmed);
    setTerm('');
    setOpen(false);
    inputRef.current?.blur();
  }

  function onFieldKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') search(term);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      show();
      requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>(`#${CSS.escape(panelId)} :is(a, button)`)?.focus());
    }
  }

  return (
    <div
      ref={rootRef}
      role="search"
      className={styles.box}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          focusFromEscape.current = true;
          inputRef.current?.focus();
          focusFromEscape.current = false;
        }
      }}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node) || !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <div className={styles.field}>
        <TextInput
          ref={inputRef}
          label={t('search.label')}
          hideLabel
          type="search"
          tone="onDark"
          value={term}
          onChange={(text) => {
            setTerm(text);
            show();
          }}
          maxLength={searchMaxLength}
          placeholder={t('search.placeholder')}
          onFocus={() => {
            if (!focusFromEscape.current) show();
          }}
          onKeyDown={onFieldKeyDown}
        />
        <button type="button" className={styles.submit} aria-label={t('search.submit')} onClick={() => search(term)}>
          <Icon name="search" size={18} />
        </button>
      </div>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <section aria-labelledby={`${panelId}-history`}>
          <div className={styles.sectionHead}>
            <h2 id={`${panelId}-history`} className={styles.heading}>
              <Icon name="history" size={16} />
              {t('search.history')}
            </h2>
            {history.length > 0 && (
              <button type="button" className={styles.clear} onClick={onClearHistory}>
                {t('search.clearHistory')}
              </button>
            )}
          </div>
          {history.length > 0 ? (
            <ul className={styles.chips}>
              {history.map((entry) => (
                <li key={entry}>
                  <button type="button" className={styles.chip} onClick={() => search(entry)}>
                    {entry}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.none}>{t('search.noHistory')}</p>
          )}
        </section>
        {hot.keywords && hot.keywords.length > 0 && (
          <section aria-labelledby={`${panelId}-words`}>
            <h2 id={`${panelId}-words`} className={styles.heading}>
              <Icon name="search" size={16} />
              {t('search.hotWords')}
            </h2>
            <ul className={styles.chips}>
              {hot.keywords.map((word) => (
                <li key={word}>
                  <button type="button" className={styles.chip} onClick={() => search(word)}>
                    {word}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby={`${panelId}-hot`}>
          <h2 id={`${panelId}-hot`} className={styles.heading}>
            <Icon name="hot" size={16} />
            {t('search.hot')}
          </h2>
          {hot.status === 'ready' && hot.matches.length > 0 ? (
            <ol className={styles.hot}>
              {hot.matches.slice(0, hotMatchesShown).map((match, index) => (
                <li key={match.id}>
                  <a href={match.href} className={styles.hotLink} onClick={() => setOpen(false)}>
                    <span className={styles.rank} data-top={index < 3 || undefined}>
                      {index + 1}
                    </span>
                    <span className={styles.league}>{match.league}</span>
                    <span className={styles.teams}>{match.teams}</span>
                  </a>
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState
              title={t(hot.status === 'loading' || hot.status === 'idle' ? 'common.loading' : 'common.noData')}
              busy={hot.status === 'loading'}
              icon="hot"
            />
          )}
        </section>
      </div>
    </div>
  );
}
