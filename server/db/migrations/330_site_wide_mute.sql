-- An admin mutes a user site-wide until a time: every place that takes a user's words (room chat,
-- barrage, horns, private and group chat, comments, posts) refuses them until it passes. Reading
-- and logging in are unaffected; a ban (disabled_at) is the stronger measure.
alter table users add column site_muted_until timestamptz;
create index users_site_muted_until_idx on users (site_muted_until) where site_muted_until is not null;
