import styles from './gift-effect.module.css';

/** One gift's effect as the room shows it over the video. */
export interface ShownGiftEffect {
  /** Stable per sender and gift; the pop plays again when it or the combo changes. */
  key: string;
  /** The sender's nickname, shown as text. */
  nick: string;
  /** The gift's name in the viewer's language. */
  giftName: string;
  /** The picture played: the animation, or the gift's icon. */
  picture: string;
  /** small, big (larger, longer) or fullscreen (over the whole picture). */
  size: 'small' | 'big' | 'fullscreen';
  /** Pieces sent. */
  count: number;
  /** The combo number; shown from 2. */
  combo: number;
}

export interface GiftEffectProps {
  /** The effect to show; null shows nothing. */
  effect: ShownGiftEffect | null;
  /** The line under the picture, e.g. '球迷小王 送出 金球 ×3'. */
  sentLabel: (effect: ShownGiftEffect) => string;
  /** The combo badge, e.g. '连击 ×4'. */
  comboLabel: (combo: number) => string;
  /** Closes the effect early (a click on it). */
  onSkip?: () => void;
}

/** A gift's animation over the video: the picture pops in with the sender's line, bigger for big gifts. */
export function GiftEffect({ effect, sentLabel, comboLabel, onSkip }: GiftEffectProps) {
  return (
    <div className={styles.layer} data-gift-effect-layer="">
      {effect ? (
        <div
          key={`${effect.key}:${String(effect.combo)}:${String(effect.count)}`}
          className={`${styles.effect} ${styles[effect.size]}`}
          role="status"
          data-gift-effect={effect.size}
          onClick={onSkip}
        >
          <img className={styles.picture} src={effect.picture} alt="" draggable={false} />
          <p className={styles.line}>{sentLabel(effect)}</p>
          {effect.combo > 1 ? <span className={styles.combo}>{comboLabel(effect.combo)}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
