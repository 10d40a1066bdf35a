import styles from './odds-chart.module.css';

/** One sample of a market's prices. */
export interface OddsSample {
  /** When the prices were seen, seconds since 1970. */
  at: number;
  /** The first price (home, over, home win). */
  first: number;
  /** The second price (away, under, away win). */
  second: number;
}

export interface OddsChartProps {
  /** The samples, oldest first. */
  samples: readonly OddsSample[];
  /** Names the chart for screen readers. */
  label: string;
  /** Names of the two lines (home and away, over and under). */
  names: readonly [string, string];
}

const width = 320;
const height = 120;
const pad = 16;

/** The movement of two prices as an inline SVG: two lines over time, their last values labelled. */
export function OddsChart({ samples, label, names }: OddsChartProps) {
  if (samples.length === 0) return null;
  const values = samples.flatMap((sample) => [sample.first, sample.second]);
  const low = Math.min(...values) - 0.05;
  const high = Math.max(...values) + 0.05;
  const x = (index: number) => (samples.length === 1 ? width / 2 : pad + (index * (width - 2 * pad)) / (samples.length - 1));
  const y = (value: number) => pad + ((high - value) * (height - 2 * pad)) / (high - low);
  const path = (pick: (sample: OddsSample) => number) =>
    samples.map((sample, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(pick(sample)).toFixed(1)}`).join(' ');
  const last = samples[samples.length - 1]!;
  return (
    <figure className={styles.figure}>
      <svg viewBox={`0 0 ${String(width)} ${String(height)}`} role="img" aria-label={label} className={styles.svg}>
        <line x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} className={styles.axis} />
        <path d={path((sample) => sample.first)} className={styles.first} />
        <path d={path((sample) => sample.second)} className={styles.second} />
        {samples.map((sample, index) => (
          <g key={index}>
            <circle cx={x(index)} cy={y(sample.first)} r={2.5} className={styles.firstDot} />
            <circle cx={x(index)} cy={y(sample.second)} r={2.5} className={styles.secondDot} />
          </g>
        ))}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.firstKey}>
          {names[0]} {last.first.toFixed(2)}
        </span>
        <span className={styles.secondKey}>
          {names[1]} {last.second.toFixed(2)}
        </span>
      </figcaption>
    </figure>
  );
}
