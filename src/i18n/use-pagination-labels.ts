import { useMessage } from './use-message.ts';

/** What the design system's Pagination says for its buttons, in the shown language. */
export interface PaginationLabels {
  previousLabel: string;
  nextLabel: string;
  pageLabel: (page: number) => string;
}

/**
 * The button names of every paged list (src/ui/pagination.tsx), the same on every screen; each list
 * still names its own landmark.
 */
export function usePaginationLabels(): PaginationLabels {
  const t = useMessage();
  return {
    previousLabel: t('pagination.previousPage'),
    nextLabel: t('pagination.nextPage'),
    pageLabel: (page) => t('pagination.page', { page }),
  };
}
