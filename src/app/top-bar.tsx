import { useState } from 'react';
import type { components } from '../api/schema';
import { locales, type Locale } from '../i18n/locale.ts';
import type { MessageId } from '../i18n/messages.ts';
import { useMessage } from '../i18n/use-message.ts';
import { Avatar } from '../ui/avatar.tsx';
import { CountBadge } from '../ui/count-badge.tsx';
import { HoverMenu, type HoverMenuItem } from '../ui/hover-menu.tsx';
import { Icon, type IconName } from '../ui/icon.tsx';
import { IconButton } from '../ui/icon-button.tsx';
import { isCurrentHref, link, type NavIndex } from '../routes.ts';
import { SearchBox, type SearchBoxProps } from './search-box.tsx';
import type { Theme } from './shell-settings.tsx';
import styles from './top-bar.module.css';

type MemberProfile = components['schemas']['MemberProfile'];

/**
 * What the top bar shows of the logged-in user (Member/info's profile): nickname, avatar, wealth badge,
 * streamer flag and balance from the stored user at once, the wealth level once the profile is loaded.
 */
export type TopBarUser = Pick<MemberProfile, 'user_nickname' | 'avatar' | 'exp_icon' | 'is_anchor' | 'balance'> &
  Partial<Pick<MemberProfile, 'level'>>;

export interface TopBarProps {
  /** The nav index of the page shown (SPEC §2); its item is highlighted. */
  activeNav: NavIndex | null;
  /** Path and query of the page shown, to mark the exact entry inside the hover menus. */
  location: { pathname: string; search: string };
  /** The logged-in user, or null for a guest. */
  user: TopBarUser | null;
  /** The site's name from the system config, beside the logo. */
  siteName: string;
  /** The language shown. */
  locale: Locale;
  /** Called with the language chosen in the switch. */
  onLocaleChange: (locale: Locale) => void;
  /** The colour theme shown. */
  theme: Theme;
  /** Called with the theme chosen by the toggle. */
  onThemeChange: (theme: Theme) => void;
  /** Called when a guest presses log in, the streamer button or top-up: raises the login dialog flag (SPEC §6). */
  onLoginRequest: () => void;
  /** Called by the log-out entry of the user panel. */
  onLogout: () => void;
  /** The search box's history, hot matches and callbacks. */
  search: SearchBoxProps;
  /** Slides the bar out of view (after 60 px of scrolling on home, football and basketball, SPEC §2). */
  hidden: boolean;
  /** The side bar's toggle, on pages that have a side bar. */
  sideBar?: { open: boolean; onToggle: () => void; controls: string };
  /** Messages the logged-in member has not read, shown on the Chat entry. */
  chatUnread?: number;
}

interface NavLink {
  key: string;
  label: MessageId;
  href: string;
  navs: readonly NavIndex[];
}

interface NavMenu {
  key: string;
  label: MessageId;
  navs: readonly NavIndex[];
  items: readonly { key: string; label: MessageId; href: string }[];
}

// SPEC §2: the top bar's entries, in order.
const navEntries: readonly (NavLink | NavMenu)[] = [
  { key: 'home', label: 'nav.home', href: link('main'), navs: [0] },
  {
    key: 'scores',
    label: 'nav.scores',
    navs: [1],
    items: [
      { key: 'football', label: 'nav.football', href: link('football') },
      { key: 'basketball', label: 'nav.basketball', href: link('basketball') },
    ],
  },
  // A link, as every site's Streamers entry is: /anchor has the sports as its own tabs.
  { key: 'streamers', label: 'nav.streamers', href: link('anchor'), navs: [2] },
  { key: 'schedule', label: 'nav.schedule', href: link('schedule'), navs: [3] },
  { key: 'experts', label: 'nav.experts', href: link('specialist'), navs: [11] },
  { key: 'videos', label: 'nav.videos', href: link('videoList'), navs: [13, 14] },
  { key: 'data', label: 'nav.dataCentre', href: link('baseFootball'), navs: [6] },
  {
    key: 'more',
    label: 'nav.more',
    navs: [9, 4, 10],
    items: [
      { key: 'predictions', label: 'nav.predictions', href: link('foresight') },
      { key: 'news', label: 'nav.news', href: link('news') },
      { key: 'circle', label: 'nav.circle', href: link('circle') },
      { key: 'download', label: 'nav.download', href: link('downLoad') },
    ],
  },
];

const chatEntry: NavLink = { key: 'chat', label: 'nav.chat', href: link('chatChat'), navs: [12] };

/** The entries a phone's one row of navigation keeps; the rest go into its own 'More' menu. */
const phoneRow = new Set(['home', 'scores', 'streamers', 'schedule']);

/** A phone's 'More' menu: every entry its row leaves out, menus opened out into their links. */
function phoneMoreOf(entries: readonly (NavLink | NavMenu)[]): NavMenu {
  const rest = entries.filter((entry) => !phoneRow.has(entry.key));
  return {
    key: 'phone-more',
    label: 'nav.more',
    navs: rest.flatMap((entry) => entry.navs),
    items: rest.flatMap((entry) => ('items' in entry ? entry.items : [{ key: entry.key, label: entry.label, href: entry.href }])),
  };
}

const localeNames: Record<Locale, string> = { zh: '中文', en: 'English', vi: 'Tiếng Việt' };
const localeShort: Record<Locale, string> = { zh: '中', en: 'EN', vi: 'VI' };

/** The site's dark top bar (SPEC §2): logo, navigation with hover menus, search, language, account. */
export function TopBar({
  activeNav,
  location,
  user,
  siteName,
  locale,
  onLocaleChange,
  theme,
  onThemeChange,
  onLoginRequest,
  onLogout,
  search,
  hidden,
  sideBar,
  chatUnread = 0,
}: TopBarProps) {
  const t = useMessage();
  const [phoneSearchOpen, setPhoneSearchOpen] = useState(false);
  const entries = user ? [...navEntries, chatEntry] : navEntries;
  const isActive = (navs: readonly NavIndex[]) => activeNav !== null && navs.includes(activeNav);
  const streamerHref = user ? link('member', { type: user.is_anchor === 1 ? 9 : 7 }) : null;
  const topUpHref = user ? link('member', { type: 1, isRecharge: true }) : null;

  return (
    <header className={styles.bar} data-hidden={hidden || undefined} data-search-open={phoneSearchOpen || undefined}>
      <div className={styles.inner}>
        {sideBar && (
          <span className={styles.toggle}>
            <IconButton
              icon="menu"
              tone="onDark"
              label={t('topBar.sideMenu')}
              expanded={sideBar.open}
              controls={sideBar.controls}
              onClick={sideBar.onToggle}
            />
          </span>
        )}
        <a href={link('main')} className={styles.logo} aria-label={t('topBar.homeLink', { site: siteName })}>
          <LogoMark />
          <span className={styles.logoText} aria-hidden="true">
            {siteName}
          </span>
        </a>
        <nav aria-label={t('topBar.navLabel')} className={styles.nav}>
          <ul className={styles.navList}>
            {[...entries, phoneMoreOf(entries)].map((entry) => (
              <li
                key={entry.key}
                className={[styles.navItem, entry.key === 'phone-more' ? styles.phoneOnly : phoneRow.has(entry.key) ? '' : styles.wideOnly].join(' ')}
              >
                {'items' in entry ? (
                  <HoverMenu
                    tone="onDark"
                    align={entry.key === 'phone-more' ? 'end' : undefined}
                    floating
                    label={t(entry.label)}
                    current={isActive(entry.navs)}
                    items={entry.items.map(
                      (item): HoverMenuItem => ({
                        key: item.key,
                        label: t(item.label),
                        href: item.href,
                        current: isCurrentHref(item.href, location),
                      }),
                    )}
                  />
                ) : (
                  <a href={entry.href} className={styles.navLink} aria-current={isActive(entry.navs) ? 'page' : undefined}>
                    {t(entry.label)}
                    {entry.key === 'chat' && chatUnread > 0 && (
                      <>
                        <CountBadge count={chatUnread} className={styles.unread} />
                        <span className="ps-visually-hidden"> {t('chat.unreadCount', { count: chatUnread })}</span>
                      </>
                    )}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.search}>
          <SearchBox {...search} autoFocus={phoneSearchOpen} />
        </div>
        <div className={styles.tools}>
          <span className={styles.phoneOnly}>
            <IconButton
              icon="search"
              tone="onDark"
              label={t('search.label')}
              expanded={phoneSearchOpen}
              onClick={() => setPhoneSearchOpen((open) => !open)}
            />
          </span>
          <HoverMenu
            tone="onDark"
            align="end"
            label={
              <span className={styles.language}>
                <Icon name="globe" size={18} />
                <span className="ps-visually-hidden">{t('topBar.language')} </span>
                <span lang={locale}>{localeShort[locale]}</span>
              </span>
            }
          >
            <ul className={styles.menuList}>
              {locales.map((option) => (
                <li key={option}>
                  <button
                    type="button"
                    lang={option}
                    className={styles.menuButton}
                    aria-pressed={option === locale}
                    onClick={() => onLocaleChange(option)}
                  >
                    {localeNames[option]}
                  </button>
                </li>
              ))}
            </ul>
          </HoverMenu>
          <span className={styles.wideOnly}>
            <IconButton
              icon={theme === 'dark' ? 'sun' : 'moon'}
              tone="onDark"
              label={t('topBar.darkTheme')}
              pressed={theme === 'dark'}
              onClick={() => onThemeChange(theme === 'dark' ? 'light' : 'dark')}
            />
          </span>
          <ToolButton icon="video" label={t('topBar.streamer')} href={streamerHref} onClick={onLoginRequest} />
          <ToolButton icon="wallet" label={t('topBar.topUp')} href={topUpHref} onClick={onLoginRequest} accent />
          {user ? (
            <UserMenu user={user} onLogout={onLogout} />
          ) : (
            <button type="button" className={styles.login} onClick={onLoginRequest}>
              <Icon name="user" size={18} />
              <span className={styles.loginText}>{t('topBar.login')}</span>
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

interface ToolButtonProps {
  icon: IconName;
  label: string;
  href: string | null;
  onClick: () => void;
  accent?: boolean;
}

/** A top-bar action that is a link for a logged-in user and asks a guest to log in first (SPEC §6). */
function ToolButton({ icon, label, href, onClick, accent = false }: ToolButtonProps) {
  const className = [styles.tool, accent ? styles.accent : ''].join(' ');
  const content = (
    <>
      <Icon name={icon} size={18} />
      <span className={styles.toolText}>{label}</span>
    </>
  );
  return href ? (
    <a href={href} className={className} aria-label={label}>
      {content}
    </a>
  ) : (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      {content}
    </button>
  );
}

function UserMenu({ user, onLogout }: { user: TopBarUser; onLogout: () => void }) {
  const t = useMessage();
  const levelLabel = user.level !== undefined ? t('user.level', { level: user.level }) : undefined;
  const links: { key: string; label: MessageId; href: string }[] = [
    { key: 'centre', label: 'user.centre', href: link('member', { type: 19 }) },
    { key: 'wallet', label: 'user.wallet', href: link('member', { type: 1 }) },
    { key: 'follows', label: 'user.follows', href: link('persona') },
    user.is_anchor === 1
      ? { key: 'anchor', label: 'user.anchorManagement', href: link('member', { type: 9 }) }
      : // SPEC §6: the apply entry shows only to logged-in users who are not streamers.
        { key: 'apply', label: 'user.applyAnchor', href: link('member', { type: 7 }) },
  ];
  return (
    <HoverMenu
      tone="onDark"
      align="end"
      hideChevron
      triggerLabel={t('topBar.userMenu', { name: user.user_nickname })}
      label={<Avatar src={user.avatar} name={user.user_nickname} size={32} />}
    >
      <div className={styles.userCard}>
        <Avatar src={user.avatar} name={user.user_nickname} size={48} levelIcon={user.exp_icon} level={user.level} levelLabel={levelLabel} />
        <div className={styles.userFacts}>
          <strong className={styles.userName} data-user-content>
            {user.user_nickname}
          </strong>
          {levelLabel && <span>{levelLabel}</span>}
          <span>
            {t('user.balance')} <span className={styles.number}>{user.balance}</span>
          </span>
        </div>
      </div>
      <ul className={styles.menuList}>
        {links.map((entry) => (
          <li key={entry.key}>
            <a href={entry.href} className={styles.menuButton}>
              {t(entry.label)}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className={styles.menuButton} onClick={onLogout}>
            {t('user.logout')}
          </button>
        </li>
      </ul>
    </HoverMenu>
  );
}

/** The Pitchside mark: a pitch seen from above, in the accent colour. */
function LogoMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="4" width="30" height="24" rx="5" fill="var(--ps-accent-on-dark)" />
      <g fill="none" stroke="#07210f" strokeWidth="1.6">
        <path d="M16 4v24" />
        <circle cx="16" cy="16" r="4.5" />
        <path d="M1 11h5v10H1M31 11h-5v10h5" />
      </g>
    </svg>
  );
}
