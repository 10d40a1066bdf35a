-- The English and Vietnamese site shows English names (openapi.yaml Match round_en, MatchIncident
-- player_name_en and related_player_name_en). Rows stored before this migration keep an empty English
-- name, which the app shows as the Chinese one, except the rounds the seed and the feed name, which
-- are put into English here.

alter table matches add column round_en text not null default '';
alter table match_incidents add column player_en text not null default '';
alter table match_incidents add column player2_en text not null default '';

update matches set round_en = case
  when round ~ '^第\d+轮$' then regexp_replace(round, '^第(\d+)轮$', 'Round \1')
  when round ~ '^联赛阶段第\d+轮$' then regexp_replace(round, '^联赛阶段第(\d+)轮$', 'League Phase Matchday \1')
  when round ~ '^小组赛第\d+轮$' then regexp_replace(round, '^小组赛第(\d+)轮$', 'Group Stage Matchday \1')
  when round ~ '^常规赛第\d+周$' then regexp_replace(round, '^常规赛第(\d+)周$', 'Regular Season Week \1')
  when round = '常规赛' then 'Regular Season'
  when round = '1/16决赛' then 'Round of 32'
  when round = '1/8决赛' then 'Round of 16'
  when round = '1/4决赛' then 'Quarter-finals'
  when round = '半决赛' then 'Semi-finals'
  when round = '季军赛' then 'Third place'
  when round = '决赛' then 'Final'
  else ''
end;
