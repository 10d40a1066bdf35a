import { useLocation } from 'react-router-dom';
import { DataCentrePage } from './data-centre-page.tsx';
import { SchedulePage } from './schedule-page.tsx';
import { ScoreDetailPage } from './score-detail-page.tsx';
import { ScoreListPage } from './score-list-page.tsx';
import { WorldCupPage } from './world-cup-page.tsx';

export interface ScoresScreenProps {
  /** The route's title, translated; the shell knows which route is shown. */
  title: string;
}

/** Every route of the scores area (SPEC §2 routes 1, 3, 5, 6), by path. */
export function ScoresScreen({ title }: ScoresScreenProps) {
  const { pathname } = useLocation();
  switch (pathname) {
    case '/football':
      return <ScoreListPage key="football" title={title} sport="football" />;
    case '/basketball':
      return <ScoreListPage key="basketball" title={title} sport="basketball" />;
    case '/score-detail':
      return <ScoreDetailPage title={title} live={false} />;
    case '/score-live':
      return <ScoreDetailPage title={title} live />;
    case '/schedule':
      return <SchedulePage title={title} />;
    case '/base-football':
      return <DataCentrePage key="football" title={title} sport="football" />;
    case '/base-basketball':
      return <DataCentrePage key="basketball" title={title} sport="basketball" />;
    default:
      // /trophy/home
      return <WorldCupPage title={title} />;
  }
}
