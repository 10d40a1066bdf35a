import styles from './odds-chart.module.css';

/** The prices of one market after one change. */
export interface OddsSample {
  /** When the prices changed, seconds since 1970. */
  at: number;
  /** The first price (home, over, home win). */
  first: number;
  /** The second price (away, under, away win). */
  second: number;
  /** The handicap or the total; null for 1x2. */
  line?: number | null;
  /** The market was suspended. */
  closed?: boolean;
}

export interface OddsChartProps {
  /** Every change, oldest first: the first is the opening line, the last the current one. */
  samples: readonly OddsSample[];
  /** Names the chart for screen readers. */
  label: string;
  /** Names of the two lines (home and away, over and under). */
  names: readonly [string, string];
  /** The words for the opening and the current line. */
  openingLabel: string;
  currentLabel: string;
  /** How a line value reads (a handicap as 0.5/1); lines are left out without it. */
  formatLine?: (line: number) => string;
}

// A fixed viewBox sized by aspect-ratio: the chart holds its room from the first paint, and pushed changes
// redraw it in place.
const width = 600;
const height = 220;
const left = 44;
const right = 12;
const top = 12;
const bottom = 28;

function clock(at: number): string {
  const date = new Date(at * 1000);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** Price ticks: four round values across the range. */
function ticks(low: number, high: number): number[] {
  const step = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5].find((candidate) => (high - low) / candidate <= 5) ?? 10;
  const first = Math.ceil(low / step) * step;
  const out: number[] = [];
  for (let value = first; value <= high + 1e-9; value += step) out.push(Math.round(value * 100) / 100);
  return out;
}

/**
 * The whole movement of a market's two prices as an inline SVG: a price axis and a time axis, each price as a
 * step line through every change, the opening prices as dashed lines across, the current ones marked at the end.
 */
export function OddsChart({ samples, label, names, openingLabel, currentLabel, formatLine }: OddsChartProps) {
  if (samples.length === 0) return null;
  const opening = samples[0]!;
  const last = samples[samples.length - 1]!;
  const values = samples.flatMap((sample) => [sample.first, sample.second]);
  const low = Math.floor((Math.min(...values) - 0.03) * 100) / 100;
  const high = Math.ceil((Math.max(...values) + 0.03) * 100) / 100;
  const start = opening.at;
  const end = Math.max(last.at, start + 60);
  const x = (at: number) => left + ((at - start) * (width - left - right)) / (end - start);
  const y = (value: number) => top + ((high - value) * (height - top - bottom)) / (high - low);
  const path = (pick: (sample: OddsSample) => number) => {
    let d = `M${x(samples[0]!.at).toFixed(1)},${y(pick(samples[0]!)).toFixed(1)}`;
    for (const sample of samples.slice(1)) d += ` H${x(sample.at).toFixed(1)} V${y(pick(sample)).toFixed(1)}`;
    return d;
  };
  const closed = samples.filter((sample) => sample.closed);
  return (
    <figure className={styles.figure} data-testid="odds-chart" data-samples={samples.length}>
      <svg viewBox={`0 0 ${String(width)} ${String(height)}`} role="img" aria-label={label} className={styles.svg}>
        {ticks(low, high).map((value) => (
          <g key={value}>
            <line x1={left} x2={width - right} y1={y(value)} y2={y(value)} className={styles.grid} />
            <text x={left - 6} y={y(value) + 4} className={styles.tick} textAnchor="end">
              {value.toFixed(2)}
            </text>
          </g>
        ))}
        <line x1={left} x2={left} y1={top} y2={height - bottom} className={styles.axis} />
        <line x1={left} x2={width - right} y1={height - bottom} y2={height - bottom} className={styles.axis} />
        <text x={left} y={height - 8} className={styles.tick}>
          {clock(start)}
        </text>
        <text x={width - right} y={height - 8} className={styles.tick} textAnchor="end">
          {clock(end)}
        </text>
        {closed.map((sample) => (
          <line key={sample.at} x1={x(sample.at)} x2={x(sample.at)} y1={top} y2={height - bottom} className={styles.closed} />
        ))}
        <line x1={left} x2={width - right} y1={y(opening.first)} y2={y(opening.first)} className={styles.openingFirst} />
        <line x1={left} x2={width - right} y1={y(opening.second)} y2={y(opening.second)} className={styles.openingSecond} />
        <path d={path((sample) => sample.first)} className={styles.first} />
        <path d={path((sample) => sample.second)} className={styles.second} />
        <circle cx={x(last.at)} cy={y(last.first)} r={4} className={styles.firstDot} />
        <circle cx={x(last.at)} cy={y(last.second)} r={4} className={styles.secondDot} />
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.firstKey}>
          {names[0]} {openingLabel} {opening.first.toFixed(2)} · {currentLabel} {last.first.toFixed(2)}
        </span>
        <span className={styles.secondKey}>
          {names[1]} {openingLabel} {opening.second.toFixed(2)} · {currentLabel} {last.second.toFixed(2)}
        </span>
        {formatLine && opening.line != null && last.line != null && (
          <span className={styles.lineKey}>
            {openingLabel} {formatLine(opening.line)} → {currentLabel} {formatLine(last.line)}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
