/** What the score calls refuse with (ids of the server's catalogues, server/i18n). */
export const scoresMessages = {
  badDate: 'Input error: date',
  matchNotFound: 'Match not found',
  leagueNotFound: 'League not found',
  worldCupNotFound: 'World Cup not found',
} as const;
