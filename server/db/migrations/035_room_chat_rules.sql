-- A room's chat rules (issue 12, moderation): the anchor and the room's managers set them, the messaging
-- server enforces them on every viewer's message, and the room's answer shows them to viewers.
alter table live_rooms
  -- seconds a viewer waits between two messages; 0: off (the anchor and managers are exempt)
  add column chat_slow_seconds integer not null default 0 check (chat_slow_seconds in (0, 3, 5, 10, 30)),
  -- only the anchor's followers (and the room's managers) may speak
  add column chat_followers_only boolean not null default false,
  -- messages with a web address are refused
  add column chat_block_links boolean not null default false;
