import { createContext, useCallback, useContext, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface FittedNameProps {
  /** The full name, shown wherever it fits. */
  full: string;
  /** The shorter name the data has, shown where the full one would be cut. */
  short: string;
  /** The caller's class: how many lines the name may take and how it is cut. */
  className?: string;
}

/**
 * A name that gives way to its short form where its box would cut it (a phone's narrow columns): the box's width is
 * watched, and at each width the full name is laid out first and kept only if it overflows nothing.
 */
export function FittedName({ full, short, className }: FittedNameProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [fit, setFit] = useState({ width: -1, short: false, measured: false });
  const group = useContext(NameGroupContext);
  const id = useId();
  const report = group?.report;
  useLayoutEffect(() => (report ? () => report(id, null) : undefined), [report, id]);

  useLayoutEffect(() => {
    const box = ref.current?.parentElement;
    if (!box || short === full) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      setFit((was) => (was.width === width ? was : { width, short: false, measured: false }));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [full, short]);

  useLayoutEffect(() => {
    const name = ref.current;
    if (!name || fit.measured || fit.width < 0) return;
    const cut = name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1;
    setFit((was) => ({ ...was, short: cut, measured: true }));
    report?.(id, cut);
  }, [fit, report, id]);

  const shown = fit.short || (fit.measured && group?.anyCut) ? short : full;
  return (
    <span ref={ref} className={className} title={shown === full ? undefined : full} data-short={shown === full ? undefined : true}>
      {shown}
    </span>
  );
}

interface NameGroup {
  /** A member's finding at its width: cut or not; null when it leaves the group. */
  report(id: string, cut: boolean | null): void;
  anyCut: boolean;
}

const NameGroupContext = createContext<NameGroup | null>(null);

/**
 * Names in one list read alike: where any one of them would be cut, all of them give way to their short
 * forms, so a column never mixes full names and abbreviations.
 */
export function FittedNameGroup({ children }: { children: ReactNode }) {
  const [cuts, setCuts] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((id: string, cut: boolean | null) => {
    setCuts((was) => {
      if (Boolean(cut) === was.has(id)) return was;
      const next = new Set(was);
      if (cut) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const anyCut = cuts.size > 0;
  const value = useMemo(() => ({ report, anyCut }), [report, anyCut]);
  return <NameGroupContext.Provider value={value}>{children}</NameGroupContext.Provider>;
}
