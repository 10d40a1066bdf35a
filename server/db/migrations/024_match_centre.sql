-- The match centre (issue 15): the feed's attack momentum (football: each team's pressure minute by minute;
-- basketball: the score after each minute, for the lead tracker) and every change of every company's odds.
create table match_momentum (
  match_id bigint not null references matches (id) on delete cascade,
  -- The minutes played so far, in order: 1 for the first minute played.
  t integer not null check (t >= 1),
  minute integer not null check (minute >= 0),
  added_minute integer not null default 0 check (added_minute >= 0),
  -- Football: half (1, 2); basketball: quarter (1-4, 5 and on for overtime).
  period integer not null check (period >= 1),
  -- Football: pressure points of the minute; basketball: the score after it.
  home integer not null check (home >= 0),
  away integer not null check (away >= 0),
  -- Football: -100 (all away) to 100 (all home); basketball: home lead (negative when away leads).
  value integer not null,
  primary key (match_id, t)
);

create table match_odds_history (
  id bigserial primary key,
  match_id bigint not null references matches (id) on delete cascade,
  company_id bigint not null references odds_companies (id) on delete cascade,
  market text not null check (market in ('asia', 'over_under', 'europe')),
  home numeric(8,2) not null check (home > 0),
  line numeric(8,2),
  draw numeric(8,2) check (draw > 0),
  away numeric(8,2) not null check (away > 0),
  is_closed boolean not null default false,
  changed_at timestamptz not null,
  check ((market = 'europe') = (line is null))
);
create index match_odds_history_match on match_odds_history (match_id, company_id, id);
