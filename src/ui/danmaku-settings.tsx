import { useEffect, useId, useRef, useState } from 'react';
import type { DanmakuArea, DanmakuSettings, DanmakuSize } from '../machines/danmaku-lane-machine.ts';
import styles from './danmaku-settings.module.css';

/** The control's words, translated by the caller. */
export interface DanmakuSettingsLabels {
  /** The toggle's text: danmaku. */
  danmaku: string;
  /** The toggle's name while danmaku show. */
  hide: string;
  /** The toggle's name while they are hidden. */
  show: string;
  /** The button that opens the panel, and the panel's name. */
  settings: string;
  /** The panel's show checkbox. */
  showLabel: string;
  area: string;
  /** Area 1, 2 and 3: top, half, full. */
  areas: Record<DanmakuArea, string>;
  size: string;
  /** Size 1, 2 and 3: small, medium, large. */
  sizes: Record<DanmakuSize, string>;
  opacity: string;
}

export interface DanmakuSettingsControlProps {
  /** The settings in force. */
  settings: DanmakuSettings;
  /** Called with the whole new settings on every change, applied at once. */
  onChange: (settings: DanmakuSettings) => void;
  /** The control's words. */
  labels: DanmakuSettingsLabels;
  /** Opens with the panel shown (stories). */
  defaultOpen?: boolean;
}

const gear =
  'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.9a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z';

const levels = [1, 2, 3] as const;

/**
 * The player's danmaku controls: a toggle that shows or hides them, and a button that opens a panel
 * with SPEC §9's settings (area top / half / full, font size small / medium / large, opacity).
 */
export function DanmakuSettingsControl({ settings, onChange, labels, defaultOpen = false }: DanmakuSettingsControlProps) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const name = useId();
  const root = useRef<HTMLDivElement>(null);
  const change = (changes: Partial<DanmakuSettings>) => onChange({ ...settings, ...changes });

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  return (
    <div
      ref={root}
      className={styles.controls}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={settings.show}
        aria-label={settings.show ? labels.hide : labels.show}
        onClick={() => change({ show: !settings.show })}
      >
        {labels.danmaku}
      </button>
      <button
        type="button"
        className={styles.open}
        aria-label={labels.settings}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <svg viewBox="0 0 26 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d={gear} fill="currentColor" />
        </svg>
      </button>
      {open ? (
        <div id={panelId} className={styles.panel} role="group" aria-label={labels.settings}>
          <label className={styles.check}>
            <input type="checkbox" checked={settings.show} onChange={(event) => change({ show: event.target.checked })} />
            {labels.showLabel}
          </label>
          <fieldset className={styles.row}>
            <legend className={styles.legend}>{labels.area}</legend>
            <div className={styles.choices}>
              {[...levels].reverse().map((area) => (
                <label key={area} className={styles.choice}>
                  <input type="radio" name={`${name}-area`} checked={settings.area === area} onChange={() => change({ area })} />
                  <span>{labels.areas[area]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.row}>
            <legend className={styles.legend}>{labels.size}</legend>
            <div className={styles.choices}>
              {levels.map((size) => (
                <label key={size} className={styles.choice}>
                  <input type="radio" name={`${name}-size`} checked={settings.size === size} onChange={() => change({ size })} />
                  <span>{labels.sizes[size]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className={styles.row}>
            <span className={styles.legend}>{labels.opacity}</span>
            <span className={styles.opacity}>
              <input
                type="range"
                min={10}
                max={100}
                step={5}
                value={settings.opacity}
                aria-label={labels.opacity}
                onChange={(event) => change({ opacity: Number(event.target.value) })}
              />
              <span className={styles.value}>{settings.opacity}%</span>
            </span>
          </label>
        </div>
      ) : null}
    </div>
  );
}
