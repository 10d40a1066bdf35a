-- Messaging core (DESIGN.md, Realtime; issues 11 and 14): every message belongs to one conversation
-- and has its place in it (seq, from 1, without gaps), so a client that reconnects asks for what
-- follows the last it holds and gets it in order, without duplicates. A live room's chat is a group
-- of its own (room_id; GROUPlive<room>), next to the chat groups (GROUP<group>) and one-to-one talk.

alter table chat_messages drop constraint chat_messages_check;
alter table chat_messages
  add column room_id bigint references live_rooms (id) on delete cascade,
  -- GROUP<group id>, GROUPlive<room id>, or C2C<lower user id>_<higher user id>: one key for both sides
  add column conversation_key text,
  add column seq bigint,
  -- the sender's id of the message: sending it again answers the stored one
  add column client_msg_id text check (char_length(client_msg_id) between 1 and 64),
  -- the sender's standing in the room when sent (room chat: anchor and manager badges)
  add column badge text check (badge in ('anchor', 'manager')),
  add constraint chat_messages_one_target check (num_nonnulls(receiver_id, group_id, room_id) = 1);

create table chat_conversation_seqs (
  conversation_key text primary key,
  last_seq bigint not null check (last_seq >= 1)
);

-- The database numbers the messages: the counter row stays locked until the message's transaction
-- ends, so two senders in one conversation (on two server processes) never get the same number.
create function chat_messages_number() returns trigger language plpgsql as $$
begin
  new.conversation_key := case
    when new.room_id is not null then 'GROUPlive' || new.room_id
    when new.group_id is not null then 'GROUP' || new.group_id
    else 'C2C' || least(new.sender_id, new.receiver_id) || '_' || greatest(new.sender_id, new.receiver_id)
  end;
  insert into chat_conversation_seqs as counter (conversation_key, last_seq) values (new.conversation_key, 1)
    on conflict (conversation_key) do update set last_seq = counter.last_seq + 1
    returning last_seq into new.seq;
  return new;
end
$$;
create trigger chat_messages_number before insert on chat_messages
  for each row execute function chat_messages_number();

-- Messages stored before this migration, numbered in the order they were sent.
insert into chat_conversation_seqs (conversation_key, last_seq)
  select key, count(*) from (
    select case when group_id is not null then 'GROUP' || group_id
      else 'C2C' || least(sender_id, receiver_id) || '_' || greatest(sender_id, receiver_id) end as key
    from chat_messages
  ) keyed group by key;
update chat_messages m set conversation_key = numbered.key, seq = numbered.seq
  from (
    select id, key, row_number() over (partition by key order by created_at, id) as seq from (
      select id, created_at, case when group_id is not null then 'GROUP' || group_id
        else 'C2C' || least(sender_id, receiver_id) || '_' || greatest(sender_id, receiver_id) end as key
      from chat_messages
    ) keyed
  ) numbered
  where m.id = numbered.id;

-- The defaults only let an insert leave both out: the trigger always sets them.
alter table chat_messages
  alter column conversation_key set not null, alter column conversation_key set default '',
  alter column seq set not null, alter column seq set default 0;
create unique index chat_messages_conversation_seq_idx on chat_messages (conversation_key, seq);
create unique index chat_messages_client_msg_idx on chat_messages (sender_id, client_msg_id);
create index chat_messages_room_idx on chat_messages (room_id, id desc) where room_id is not null;
