import type { components } from '../../api/schema.d.ts';
import styles from './momentum-graph.module.css';

type MomentumPoint = components['schemas']['MomentumPoint'];

/** A goal or a card drawn on the graph, at the minute it happened. */
export interface MomentumMark {
  kind: 'goal' | 'yellow' | 'red';
  side: 'home' | 'away';
  minute: number;
  added_minute: number;
}

export interface MomentumGraphProps {
  /** pressure: football's attack momentum; lead: basketball's lead tracker. */
  kind: 'pressure' | 'lead';
  points: readonly MomentumPoint[];
  marks: readonly MomentumMark[];
  /** Names the graph for screen readers. */
  label: string;
  /** The two teams, for the legend. */
  names: readonly [string, string];
  /** Basketball: the minutes of a quarter (12 NBA, 10 FIBA), so the axis holds the whole game from the start. */
  quarterMinutes?: number;
  /** Period names under the axis: the half or quarter of each period number (1 first). */
  periodName: (period: number) => string;
}

// Drawn in a fixed viewBox and sized by aspect-ratio, so the graph takes its full room from the first paint
// and grows inside it as minutes are pushed: no layout shift.
const width = 600;
const height = 160;
const padX = 8;
const padTop = 14;
const padBottom = 20;
const mid = padTop + (height - padTop - padBottom) / 2;
const half = (height - padTop - padBottom) / 2;

function footballSpan(points: readonly MomentumPoint[]): number {
  return Math.max(96, points.at(-1)?.t ?? 0);
}

/** The t of a mark: the momentum point of the same minute, or its place on a 90-minute axis. */
function markT(points: readonly MomentumPoint[], mark: MomentumMark): number | null {
  const point = points.find((p) => p.minute === mark.minute && p.added_minute === mark.added_minute);
  return point ? point.t : null;
}

/** Football's attack momentum or basketball's lead tracker as an inline SVG, home above the middle line. */
export function MomentumGraph({ kind, points, marks, label, names, quarterMinutes = 12, periodName }: MomentumGraphProps) {
  const span = kind === 'pressure' ? footballSpan(points) : Math.max(4 * quarterMinutes, points.at(-1)?.t ?? 0);
  const step = (width - 2 * padX) / span;
  const x = (t: number) => padX + (t - 0.5) * step;
  const maxLead = Math.max(10, ...points.map((p) => Math.abs(p.value)));
  const y = (value: number) => mid - (value / (kind === 'pressure' ? 100 : maxLead)) * half;

  // Where each period starts, for the dividers and their names.
  const periods: Array<{ period: number; t: number }> = [];
  for (const p of points) if (!periods.some((entry) => entry.period === p.period)) periods.push({ period: p.period, t: p.t });
  if (kind === 'lead') {
    // The regular quarters are known before they are played.
    for (let q = 1; q <= 4; q++) if (!periods.some((entry) => entry.period === q)) periods.push({ period: q, t: (q - 1) * quarterMinutes + 1 });
  } else if (!periods.some((entry) => entry.period === 2)) {
    periods.push({ period: 2, t: Math.max(46, (points.filter((p) => p.period === 1).at(-1)?.t ?? 45) + 1) });
  }
  if (!periods.some((entry) => entry.period === 1)) periods.push({ period: 1, t: 1 });
  periods.sort((a, b) => a.t - b.t);

  const leadPath =
    kind === 'lead' && points.length > 0
      ? `M${x(0.5).toFixed(1)},${mid.toFixed(1)} ` + points.map((p) => `L${x(p.t).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')
      : '';
  const last = points.at(-1);

  return (
    <figure className={styles.figure} data-testid="momentum-graph" data-points={points.length}>
      <svg viewBox={`0 0 ${String(width)} ${String(height)}`} role="img" aria-label={label} className={styles.svg}>
        <rect x={0} y={padTop} width={width} height={half} className={styles.homeZone} />
        <rect x={0} y={mid} width={width} height={half} className={styles.awayZone} />
        {periods.map(({ period, t }) => (
          <g key={period}>
            {t > 1 && <line x1={x(t - 0.5)} x2={x(t - 0.5)} y1={padTop} y2={height - padBottom} className={styles.divider} />}
            <text x={x(t - 0.5) + 4} y={height - 6} className={styles.period}>
              {periodName(period)}
            </text>
          </g>
        ))}
        <line x1={padX} x2={width - padX} y1={mid} y2={mid} className={styles.axis} />
        {kind === 'pressure' &&
          points.map((p) => (
            <rect
              key={p.t}
              x={x(p.t) - step * 0.4}
              width={step * 0.8}
              y={p.value >= 0 ? y(p.value) : mid}
              height={Math.max(0.5, Math.abs(y(p.value) - mid))}
              className={p.value >= 0 ? styles.homeBar : styles.awayBar}
            />
          ))}
        {kind === 'lead' && leadPath && <path d={leadPath} className={styles.lead} />}
        {marks.map((mark, index) => {
          const t = markT(points, mark);
          if (t === null) return null;
          const top = mark.side === 'home';
          const cy = top ? padTop + 7 : height - padBottom - 7;
          return mark.kind === 'goal' ? (
            <circle key={index} cx={x(t)} cy={cy} r={5} className={styles.goal} data-mark="goal" />
          ) : (
            <rect key={index} x={x(t) - 3} y={cy - 5} width={6} height={9} rx={1} className={mark.kind === 'red' ? styles.red : styles.yellow} data-mark={mark.kind} />
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.homeKey}>{names[0]}</span>
        {kind === 'lead' && last && (
          <span className={styles.current}>
            {last.home}-{last.away}
          </span>
        )}
        <span className={styles.awayKey}>{names[1]}</span>
      </figcaption>
    </figure>
  );
}
