import type { Screen } from '../../routes.ts';
import { CircleDetailPage } from './circle-detail-page.tsx';
import { CirclePage } from './circle-page.tsx';

// The circle area's screens (SPEC §2: /circle, /circle-detail), one module so the area is one chunk.

export const CircleScreen: Screen = CirclePage;
export const CircleDetailScreen: Screen = CircleDetailPage;
