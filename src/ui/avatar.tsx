import { Image } from './image.tsx';
import styles from './avatar.module.css';

export interface AvatarProps {
  /** The avatar image address; empty shows the name's first letter. */
  src: string;
  /** The user's nickname: the image's text alternative and the source of the fallback letter. */
  name: string;
  /** Diameter in px; defaults to 40. */
  size?: number;
  /** The wealth level badge image (exp_icon); empty or absent shows `level` as text when given. */
  levelIcon?: string;
  /** The wealth level, shown as `Lv n` when there is no badge image, and read by screen readers. */
  level?: number;
  /** Accessible text of the level, already translated (`Level 12`). */
  levelLabel?: string;
}

/** A round user picture with an optional wealth level badge at its lower right. */
export function Avatar({ src, name, size = 40, levelIcon, level, levelLabel }: AvatarProps) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  const hasBadge = Boolean(levelIcon) || level !== undefined;
  return (
    <span className={styles.avatar} style={{ width: size, height: size }} data-user-content>
      <Image
        src={src}
        alt={name}
        width={size}
        height={size}
        shape="circle"
        lazy={false}
        fallback={
          <span className={styles.initial} style={{ fontSize: Math.round(size * 0.45) }} aria-hidden="true">
            {initial}
          </span>
        }
      />
      {hasBadge && (
        <span className={styles.badge} title={levelLabel}>
          {levelIcon ? (
            <Image src={levelIcon} alt={levelLabel ?? ''} width={Math.max(16, Math.round(size * 0.4))} height={Math.max(16, Math.round(size * 0.4))} fit="contain" lazy={false} fallback={<span>{level}</span>} />
          ) : (
            <span className={styles.level} aria-label={levelLabel}>
              Lv{level}
            </span>
          )}
        </span>
      )}
    </span>
  );
}
