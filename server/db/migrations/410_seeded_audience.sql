-- A seeded demo room carries a made-up audience (viewers, heat) so the demo site looks lived in; the seed
-- labels it so. A real broadcast's figures come only from who is in the room: when a push puts a room on
-- air the label comes off, and from then on its viewers, heat and peak are counted from presence.
alter table live_rooms add column seeded_audience boolean not null default false;
update live_rooms set seeded_audience = true where demo_clip is not null;
