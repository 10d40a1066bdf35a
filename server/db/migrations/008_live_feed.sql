-- The live feed (server/feed): corners are incidents of the timeline too (openapi.yaml MatchIncident
-- type corner).

alter table match_incidents drop constraint match_incidents_kind_check;
alter table match_incidents add constraint match_incidents_kind_check check (kind in (
  'goal', 'own_goal', 'penalty_goal', 'penalty_missed', 'yellow_card', 'red_card', 'second_yellow',
  'substitution', 'var', 'period_start', 'period_end', 'game_won', 'corner'
));
