-- Private chat (issue 14): a chat group member's read place is a sequence of the group's conversation
-- (migration 016), so the unread count is the conversation's last sequence less it.

alter table chat_group_members add column last_read_seq bigint not null default 0 check (last_read_seq >= 0);
create index chat_messages_unread_idx on chat_messages (receiver_id, sender_id) where receiver_id is not null and read_at is null;
