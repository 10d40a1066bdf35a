import type { ReactNode } from 'react';
import { useMessage } from '../../../i18n/use-message.ts';
import { link } from '../../../routes.ts';
import { Icon } from '../../../ui/icon.tsx';
import { NavLinks } from '../../../ui/nav-links.tsx';
import styles from './directory-layout.module.css';

/** Which of the streamer area's side tabs (SPEC §2: /anchor, /rank, /attention, /reserve) is shown. */
export type DirectoryTab = 'anchor' | 'rank' | 'attention' | 'reserve';

/** The streamer area's frame: its side tabs beside the content (above it on narrow screens). */
export function DirectoryLayout({ current, children }: { current: DirectoryTab; children: ReactNode }) {
  const t = useMessage();
  return (
    <div className={styles.layout}>
      <aside className={styles.side}>
        <NavLinks
          label={t('liveDirectory.sections')}
          current={current}
          items={[
            { key: 'anchor', label: t('route.anchor'), href: link('anchor'), icon: <Icon name="live" size={18} /> },
            { key: 'rank', label: t('route.rank'), href: link('rank'), icon: <Icon name="trophy" size={18} /> },
            { key: 'attention', label: t('route.attention'), href: link('attention'), icon: <Icon name="star" size={18} /> },
            { key: 'reserve', label: t('route.reserve'), href: link('reserve'), icon: <Icon name="calendar" size={18} /> },
          ]}
        />
      </aside>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
