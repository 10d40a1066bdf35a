import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, updated as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

// SPEC §4 and §9: under 992 px the device counts as mobile and the side bar closes.
export const mobileQuery = '(max-width: 991.98px)';
