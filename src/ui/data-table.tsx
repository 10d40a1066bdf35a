import type { ReactNode, TableHTMLAttributes } from 'react';
import styles from './data-table.module.css';

export interface DataTableProps extends Omit<TableHTMLAttributes<HTMLTableElement>, 'children'> {
  /** What the table lists. Every table has one, for screen readers at least. */
  caption: ReactNode;
  /** Shows the caption as the table's heading; hidden, it is read but not seen. */
  captionShown?: boolean;
  /** `fixed` keeps the column widths the header sets, so tables of one kind line up under each other. */
  layout?: 'auto' | 'fixed';
  /** The `thead` and `tbody`. */
  children: ReactNode;
}

/** Class for a number, in a cell or in a line: figures of one width, so scores and odds align. */
export const numeric = styles.number;

/** A table of figures (standings, statistics, odds): ruled rows, centred cells, captioned. */
export function DataTable({ caption, captionShown = false, layout = 'auto', className, children, ...rest }: DataTableProps) {
  return (
    <table {...rest} className={className ? `${styles.table} ${className}` : styles.table} data-layout={layout}>
      <caption className={captionShown ? styles.caption : 'ps-visually-hidden'}>{caption}</caption>
      {children}
    </table>
  );
}
