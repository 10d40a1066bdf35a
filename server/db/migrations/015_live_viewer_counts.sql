-- The viewer's side of live rooms (issue 11): how often a room was shared (live/share answers the
-- count) and how often a recorded broadcast was played (Live_streaming/getLivePlaybackList views).
alter table live_rooms add column share_count integer not null default 0 check (share_count >= 0);
alter table live_records add column views integer not null default 0 check (views >= 0);
