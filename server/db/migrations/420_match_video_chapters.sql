-- A match video: a video of one match (a stretch of a broadcast of it, a highlights reel). Its chapters are the
-- match's incidents that can be seen in it (goals and cards), each at the second of the video where it happens,
-- worked out once when the video is linked to the match; an incident the feed takes back takes its chapter along.
alter table videos add column match_id bigint references matches (id) on delete set null;
create index videos_match_idx on videos (match_id) where match_id is not null;

create table video_chapters (
  video_id bigint not null references videos (id) on delete cascade,
  incident_id bigint not null references match_incidents (id) on delete cascade,
  at_seconds integer not null check (at_seconds >= 0),
  primary key (video_id, incident_id)
);
create index video_chapters_incident_idx on video_chapters (incident_id);
