-- The days the simulated feed (server/feed) has planned fixtures for. A day is planned once: its rows
-- say so, not the kick-offs it happens to hold (the seed places upcoming matches up to 18 hours ahead,
-- so in the evening it reaches well into the next day, which still wants its fixtures).

create table feed_planned_days (
  -- the site day (UTC+8), YYYY-MM-DD
  day text primary key check (day ~ '^\d{4}-\d{2}-\d{2}$'),
  planned_at timestamptz not null
);
