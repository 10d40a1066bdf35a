import { useLayoutEffect, useRef, useState } from 'react';

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
  }, [fit]);

  const shown = fit.short ? short : full;
  return (
    <span ref={ref} className={className} title={shown === full ? undefined : full} data-short={shown === full ? undefined : true}>
      {shown}
    </span>
  );
}
