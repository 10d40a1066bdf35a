import styles from './room-entry-banner.module.css';

/** A guard's or a noble's entry as the room shows it over the video. */
export interface ShownRoomEntry {
  /** Changes with each entry, so the banner slides in again. */
  key: string;
  /** The tier's badge picture. */
  icon: string;
  /** The whole line in the viewer's language, e.g. '欢迎 骑士 球迷小王 进入直播间'; shown as text. */
  line: string;
  /** guard (the room anchor's own) or nobility (site-wide): the banner's colours. */
  kind: 'guard' | 'nobility';
}

/** The entry effect of a guard or a noble: a banner slides in over the lower left of the picture. */
export function RoomEntryBanner({ entry }: { entry: ShownRoomEntry | null }) {
  return (
    <div className={styles.layer}>
      {entry ? (
        <p key={entry.key} className={`${styles.banner} ${styles[entry.kind]}`} role="status" data-room-entry={entry.kind}>
          <img className={styles.icon} src={entry.icon} alt="" draggable={false} />
          <span className={styles.line}>{entry.line}</span>
        </p>
      ) : null}
    </div>
  );
}
