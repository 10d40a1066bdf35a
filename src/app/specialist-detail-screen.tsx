import { specialistDetailScreen } from '../features/expert/specialist-screens.tsx';
import { OddsChart } from '../features/scores/odds-chart.tsx';

/** /specialist-detail: a plan, its odds movement drawn with the match centre's chart. */
export const SpecialistDetailScreen = specialistDetailScreen(OddsChart);
