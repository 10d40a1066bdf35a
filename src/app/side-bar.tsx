import { useEffect, useRef } from 'react';
import type { MessageId } from '../i18n/messages.ts';
import { useMessage } from '../i18n/use-message.ts';
import { Icon, type IconName } from '../ui/icon.tsx';
import { isCurrentHref, link } from '../routes.ts';
import styles from './side-bar.module.css';

export interface SideBarProps {
  /** The element id, which the top bar's toggle controls. */
  id: string;
  /** Expanded (labels shown, or the drawer open on phones) or closed (icons only, or no drawer). */
  open: boolean;
  /** Under 992 px (SPEC §4): the side bar is a drawer over the page. */
  mobile: boolean;
  /** Called when the drawer should close: Escape, the backdrop, or a link taken. */
  onClose: () => void;
  /** Path and query of the page shown, to mark its entry. */
  location: { pathname: string; search: string };
  /** Shows the logged-in user's entries (SPEC §6). */
  loggedIn: boolean;
}

interface Entry {
  key: string;
  icon: IconName;
  label: MessageId;
  href: string;
}

const entries: readonly Entry[] = [
  { key: 'home', icon: 'home', label: 'nav.home', href: link('main') },
  { key: 'streamers', icon: 'live', label: 'nav.streamers', href: link('anchor') },
  { key: 'football', icon: 'football', label: 'nav.football', href: link('football') },
  { key: 'basketball', icon: 'basketball', label: 'nav.basketball', href: link('basketball') },
  { key: 'schedule', icon: 'calendar', label: 'nav.schedule', href: link('schedule') },
  { key: 'experts', icon: 'star', label: 'nav.experts', href: link('specialist') },
  { key: 'videos', icon: 'play', label: 'nav.videos', href: link('videoList') },
  { key: 'data', icon: 'chart', label: 'nav.dataCentre', href: link('baseFootball') },
  { key: 'predictions', icon: 'esports', label: 'nav.predictions', href: link('foresight') },
  { key: 'news', icon: 'news', label: 'nav.news', href: link('news') },
  { key: 'circle', icon: 'group', label: 'nav.circle', href: link('circle') },
  { key: 'trophy', icon: 'trophy', label: 'nav.worldCup', href: link('trophy') },
  { key: 'download', icon: 'download', label: 'nav.download', href: link('downLoad') },
];

const userEntries: readonly Entry[] = [
  { key: 'centre', icon: 'user', label: 'user.centre', href: link('member', { type: 19 }) },
  { key: 'follows', icon: 'star', label: 'user.follows', href: link('persona') },
  { key: 'chat', icon: 'chat', label: 'nav.chat', href: link('chatChat') },
];

/** The side menu of SPEC §2: collapsible to icons on wide screens, a drawer on phones. */
export function SideBar({ id, open, mobile, onClose, location, loggedIn }: SideBarProps) {
  const t = useMessage();
  const navRef = useRef<HTMLElement>(null);
  const drawer = mobile && open;

  useEffect(() => {
    if (!drawer) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, [drawer, onClose]);

  const renderEntries = (list: readonly Entry[]) => (
    <ul className={styles.list}>
      {list.map((entry) => {
        const label = t(entry.label);
        return (
          <li key={entry.key}>
            <a
              href={entry.href}
              className={styles.link}
              aria-current={isCurrentHref(entry.href, location) ? 'page' : undefined}
              title={open ? undefined : label}
              onClick={mobile ? onClose : undefined}
            >
              <Icon name={entry.icon} />
              <span className={styles.label}>{label}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );

  return (
    <>
      {drawer && <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />}
      <nav
        ref={navRef}
        id={id}
        aria-label={t('sideBar.label')}
        className={[styles.bar, open ? styles.open : styles.closed, mobile ? styles.mobile : ''].join(' ')}
        hidden={mobile && !open}
      >
        {renderEntries(entries)}
        {loggedIn && (
          <>
            <hr className={styles.rule} />
            {renderEntries(userEntries)}
          </>
        )}
      </nav>
    </>
  );
}
