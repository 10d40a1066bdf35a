-- What the services and the simulated feed need to know about a competition, kept with it rather
-- than looked up in the demo catalogue by its name (DESIGN.md, Server: production code never reads
-- the seed). The seed fills these for the leagues it creates; an admin or a data provider fills them
-- for others. Databases seeded before this migration get the values of the leagues they were seeded
-- with, matched by their unique names.

-- key: a short name for the competition that stays the same across seasons and languages (WC, NBA).
-- season_style: how its seasons are named, as current_season and matches.season hold them:
--   two_year '2025-2026' (August to May), calendar_year '2026', world_cup the year of an edition.
-- daily_fixtures: the matches the simulated feed (server/feed) plans for it a day; null, the sport's
--   usual number; 0 for a tournament with its own schedule.
-- player_pool: whose surnames the simulated feed gives its made-up players (server/feed/player-names.ts).
alter table leagues add column key text unique check (key ~ '^[A-Z0-9]{1,8}$');
alter table leagues add column season_style text not null default 'calendar_year'
  check (season_style in ('two_year', 'calendar_year', 'world_cup'));
alter table leagues add column daily_fixtures smallint check (daily_fixtures between 0 and 50);
alter table leagues add column player_pool text;

-- A knockout competition's rounds in the order they are played, by the names matches.round holds.
create table knockout_rounds (
  league_id bigint not null references leagues (id) on delete cascade,
  -- the app names the round per language from it (openapi.yaml WorldCupRound key)
  key text not null check (key in ('round_of_32', 'round_of_16', 'quarter_final', 'semi_final', 'third_place', 'final')),
  name text not null,
  name_en text not null,
  sort smallint not null,
  primary key (league_id, key),
  unique (league_id, name)
);

update leagues set key = seeded.key, season_style = seeded.season_style, daily_fixtures = seeded.daily_fixtures,
  player_pool = seeded.player_pool
from (values
  ('英格兰足球超级联赛', 'EPL', 'two_year', 10, 'en'),
  ('西班牙足球甲级联赛', 'LIGA', 'two_year', 10, 'es'),
  ('意大利足球甲级联赛', 'SA', 'two_year', 10, 'it'),
  ('德国足球甲级联赛', 'BUN', 'two_year', 9, 'de'),
  ('中国足球协会超级联赛', 'CSL', 'calendar_year', 8, 'cn'),
  ('欧洲冠军联赛', 'UCL', 'two_year', 8, 'mix'),
  ('美国职业篮球联赛', 'NBA', 'two_year', 8, 'nba'),
  ('中国男子篮球职业联赛', 'CBA', 'two_year', 6, 'cn'),
  ('欧洲篮球联赛', 'EL', 'two_year', 6, 'eu'),
  ('英雄联盟职业联赛', 'LPL', 'calendar_year', 4, 'esports'),
  ('DOTA2 梦幻联赛', 'DOTA', 'calendar_year', 4, 'esports'),
  ('CS2 IEM 大师赛', 'CS2', 'calendar_year', 4, 'esports'),
  ('国际足联世界杯', 'WC', 'world_cup', 0, 'mix')
) as seeded (name, key, season_style, daily_fixtures, player_pool)
where leagues.name = seeded.name;

insert into knockout_rounds (league_id, key, name, name_en, sort)
select leagues.id, rounds.key, rounds.name, rounds.name_en, rounds.sort
from leagues, (values
  ('round_of_32', '1/16决赛', 'Round of 32', 1),
  ('round_of_16', '1/8决赛', 'Round of 16', 2),
  ('quarter_final', '1/4决赛', 'Quarter-finals', 3),
  ('semi_final', '半决赛', 'Semi-finals', 4),
  ('third_place', '季军赛', 'Third place', 5),
  ('final', '决赛', 'Final', 6)
) as rounds (key, name, name_en, sort)
where leagues.key = 'WC';
