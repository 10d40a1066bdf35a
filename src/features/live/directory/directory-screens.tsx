import type { Screen } from '../../../routes.ts';
import { AttentionPage } from './attention-page.tsx';
import { DirectoryPage } from './directory-page.tsx';
import { RankPage } from './rank-page.tsx';
import { ReservePage } from './reserve-page.tsx';

// The streamer area's directory screens (SPEC §2, nav 2: /anchor and its side tabs /rank, /attention,
// /reserve), named by the route table in src/routes.ts. One module, so the four tabs are one chunk.

export const DirectoryScreen: Screen = DirectoryPage;
export const RankScreen: Screen = RankPage;
export const AttentionScreen: Screen = AttentionPage;
export const ReserveScreen: Screen = ReservePage;
