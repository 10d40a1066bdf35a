import type { ReactNode } from 'react';
import { Avatar } from './avatar.tsx';
import styles from './person-row.module.css';

export interface PersonRowProps {
  /** The person's nickname. */
  name: string;
  /** The avatar image; empty shows the first letter. */
  avatar: string;
  /** The wealth level badge image (exp_icon). */
  levelIcon?: string;
  /** A place in a ranking, from 1; the first three are marked out. Absent shows no place. */
  rank?: number;
  /** Accessible text of the place, translated ('No. 1'); defaults to the number. */
  rankLabel?: string;
  /** A line under the name: a title, a signature, a time. */
  detail?: ReactNode;
  /** Where the name leads (a room); absent leaves it plain text. */
  href?: string;
  /** A status beside the name, e.g. a StatusBadge. */
  badge?: ReactNode;
  /** The figure the row is ranked by or counts, right-aligned ('12,400 heat'). */
  value?: string;
  /** More under the detail line: a match, a button. */
  children?: ReactNode;
  /** A control at the row's end (a button), outside the link. */
  action?: ReactNode;
}

/** One person in a list: optional place, avatar, name with a status, a detail line and a figure. */
export function PersonRow({ name, avatar, levelIcon, rank, rankLabel, detail, href, badge, value, children, action }: PersonRowProps) {
  const who = (
    <>
      <Avatar src={avatar} name={name} levelIcon={levelIcon} size={44} />
      <span className={styles.text}>
        <span className={styles.nameLine}>
          <span className={styles.name} data-user-content>
            {name}
          </span>
          {badge}
        </span>
        {detail && <span className={styles.detail}>{detail}</span>}
      </span>
    </>
  );
  return (
    <div className={styles.row}>
      {rank !== undefined && (
        <span className={[styles.rank, rank <= 3 ? styles[`top${String(rank)}` as 'top1'] : ''].join(' ')} aria-label={rankLabel}>
          {rank}
        </span>
      )}
      <div className={styles.main}>
        {href ? (
          <a className={styles.who} href={href}>
            {who}
          </a>
        ) : (
          <span className={styles.who}>{who}</span>
        )}
        {children && <div className={styles.extra}>{children}</div>}
      </div>
      {value && <span className={styles.value}>{value}</span>}
      {action}
    </div>
  );
}
