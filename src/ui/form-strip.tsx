import styles from './form-strip.module.css';

export type FormResult = 'won' | 'drawn' | 'lost';

export interface FormStripItem {
  result: FormResult;
  /** What the tile stands for, shown on hover and read out: the date, the teams and the score. */
  title: string;
}

export interface FormStripProps {
  /** The results, in the order shown (the score pages: newest first). */
  items: readonly FormStripItem[];
  /** The one-letter word of each result, already translated (W, D, L; 胜, 平, 负). */
  letters: Record<FormResult, string>;
  /** What the strip is, for screen readers ('Arsenal's last 10 matches, newest first'). */
  label: string;
}

/** A team's recent results as a row of coloured tiles: won green, drawn grey, lost red, each with its letter. */
export function FormStrip({ items, letters, label }: FormStripProps) {
  return (
    <ol className={styles.strip} aria-label={label}>
      {items.map((item, index) => (
        <li key={index} className={styles.tile} data-result={item.result} title={item.title}>
          <span aria-hidden="true">{letters[item.result]}</span>
          <span className="ps-visually-hidden">{`${letters[item.result]} ${item.title}`}</span>
        </li>
      ))}
    </ol>
  );
}
