import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { setCollect } from './collect-service.ts';
import { battleInfo, matchDetail, oddsHistory } from './match-detail-service.ts';
import { hotMatches, matchListPage, recommendedMatches } from './match-list-service.ts';
import { seasonTable } from './season-table-service.ts';
import { worldCup } from './world-cup-service.ts';

export const scoresHandlers = defineAreaHandlers('scores', {
  footballSeasonTable: ({ server, input }) => seasonTable(server, input),
  footballWorldCup: ({ server, input, user }) => worldCup(server, input, user?.id ?? null),
  hotMatchInitialList: ({ server, input, user }) => hotMatches(server, input, user?.id ?? null),
  hotMatchRecommend: ({ server, input, user }) => recommendedMatches(server, input, user?.id ?? null),
  hotMatchAllMatch: ({ server, input, user }) => matchListPage(server, input, user?.id ?? null),
  hotMatchMsgGetSimple: ({ server, input, user }) => matchDetail(server, input.match_id, user?.id ?? null),
  hotMatchOddsHistory: ({ server, input }) => oddsHistory(server, input),
  hotMatchBattleInfo: ({ server, input, user }) => battleInfo(server, input, user?.id ?? null),
  basketballuserCollect: ({ server, input, me }) => setCollect(server, me().id, input),
});
