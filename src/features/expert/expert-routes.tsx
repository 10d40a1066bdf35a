import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ForesightPage } from './foresight-page.tsx';

export interface ExpertScreenProps {
  /** The route's title, translated. */
  title: string;
  /** What the expert routes not built yet show (the shell's shared screen). */
  notBuilt: ReactNode;
}

/** The expert area's routes (SPEC §2 routes 9 and 11), by path; only /foresight is built so far. */
export function ExpertScreen({ title, notBuilt }: ExpertScreenProps) {
  const { pathname } = useLocation();
  if (pathname === '/foresight') return <ForesightPage title={title} />;
  return notBuilt;
}
