import { useRouteQuery, type Screen } from '../../routes.ts';
import { DataCentrePage } from './data-centre-page.tsx';
import { LiveMatchesPage } from './live-matches-page.tsx';
import { SchedulePage } from './schedule-page.tsx';
import { ScoreDetailPage } from './score-detail-page.tsx';
import { ScoreListPage } from './score-list-page.tsx';
import { WorldCupPage } from './world-cup-page.tsx';

// The scores area's screens (SPEC §2 routes 1, 3, 5, 6), one per route of the table in src/routes.ts,
// which names each. One module, so the area is one chunk however many of its routes are visited.

export const FootballScreen: Screen = ({ title }) => <ScoreListPage title={title} sport="football" />;
export const BasketballScreen: Screen = ({ title }) => <ScoreListPage title={title} sport="basketball" />;
export const ScoreDetailScreen: Screen = ({ title }) => <ScoreDetailPage title={title} live={false} />;
/** /score-live: one match followed live, or, without an id, every match in progress to pick from. */
export const ScoreLiveScreen: Screen = ({ title }) =>
  useRouteQuery('scoreLive').id === undefined ? <LiveMatchesPage title={title} /> : <ScoreDetailPage title={title} live />;
export const ScheduleScreen: Screen = SchedulePage;
export const BaseFootballScreen: Screen = ({ title }) => <DataCentrePage title={title} sport="football" />;
export const BaseBasketballScreen: Screen = ({ title }) => <DataCentrePage title={title} sport="basketball" />;
export const WorldCupScreen: Screen = WorldCupPage;
