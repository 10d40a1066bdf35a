-- A ledger transaction's balance checked once per statement that adds entries, not once per entry (issue 13's
-- gifts per second). The deferred constraint trigger of migration 002 ran its query for every entry at commit:
-- a gift's three entries checked the same transaction three times, about a quarter of what a gift cost on
-- PGlite as measured.
--
-- Here the check runs after each insert into ledger_entries, over every ledger transaction the statement added
-- entries to, with all of that transaction's entries. Entries are never changed or removed (append-only), so a
-- ledger transaction that balances after every statement balances at commit: this is at least as strict as the
-- check at commit, and it also holds inside the transaction. A ledger transaction's entries therefore go in one
-- statement, as ledger.ts books them (all postings in one insert) and gift_send below does.
drop trigger ledger_transaction_balanced on ledger_entries;
drop function ledger_check_balanced();

create function ledger_entries_balanced() returns trigger language plpgsql as $$
declare
  v_unbalanced record;
begin
  -- Each transaction's entries through the index on transaction_id (a lateral join: the planner knows nothing
  -- of the transition table's size and would otherwise scan every entry ever booked).
  select t.transaction_id, c.currency into v_unbalanced
    from (select distinct i.transaction_id from inserted i) t
    cross join lateral (
      select a.currency from ledger_entries e join wallet_accounts a on a.id = e.account_id
        where e.transaction_id = t.transaction_id
        group by a.currency
        having sum(e.amount) <> 0
    ) c
    limit 1;
  if found then
    raise exception 'ledger transaction % does not balance in %', v_unbalanced.transaction_id, v_unbalanced.currency
      using errcode = '23514', constraint = 'ledger_transaction_balanced';
  end if;
  return null;
end
$$;
create trigger ledger_entries_balanced after insert on ledger_entries
  referencing new table as inserted
  for each statement execute function ledger_entries_balanced();

-- The balance after an entry to an account with parts: the parts summed here, not through wallet_balance(), a
-- SQL function the trigger called once per entry. Otherwise as migration 100.
create or replace function ledger_entries_apply() returns trigger language plpgsql as $$
declare
  v_owner bigint;
  v_kind text;
  v_folded numeric;
begin
  select a.owner_id, a.kind into v_owner, v_kind from wallet_accounts a where a.id = new.account_id;
  if not found then
    raise exception 'no wallet account %', new.account_id using errcode = '23503';
  end if;
  if v_owner is null or (v_kind = 'income' and new.amount > 0) then
    insert into wallet_balance_parts as p (account_id, part, balance)
      values (new.account_id, new.transaction_id % 16, new.amount)
      on conflict (account_id, part) do update set balance = p.balance + excluded.balance;
    -- The balance as this transaction sees it: with the entries committed before it and its own.
    select a.balance + coalesce((select sum(p.balance) from wallet_balance_parts p where p.account_id = a.id), 0)
      into new.balance_after
      from wallet_accounts a where a.id = new.account_id;
    return new;
  end if;
  if v_kind = 'income' then
    -- A debit of an income wallet: its parts folded into the account first, each locked (a credit to it
    -- waits for this transaction), and taken off exactly as read.
    with locked as (
      select p.part, p.balance from wallet_balance_parts p where p.account_id = new.account_id and p.balance <> 0 for update
    ), folded as (
      update wallet_balance_parts p set balance = p.balance - l.balance
        from locked l where p.account_id = new.account_id and p.part = l.part
        returning l.balance
    )
    select coalesce(sum(folded.balance), 0) into v_folded from folded;
  else
    v_folded := 0;
  end if;
  update wallet_accounts set balance = balance + v_folded + new.amount
    where id = new.account_id
    returning balance into new.balance_after;
  return new;
end
$$;

-- gift_send as migration 101, with two changes. The gift's entries (the sender's debit, the anchor's income and
-- the platform's revenue) go in one statement, in account order, so their balance is checked once. And a gift
-- refused as the request's own fault (the key used with other parameters, too few pieces in the backpack, a
-- wallet that cannot pay) is answered in `refusal`, not raised, with nothing written (the key's claim is taken
-- back, so a later request with it is decided afresh): gift_send_batch below makes many gifts in one
-- transaction, and one refused gift must not undo the others. The wallet is locked and read before anything is
-- booked; the account's check on its balance stays, for anything that would get past this.
drop function gift_send(bigint, bigint, bigint, bigint, integer, boolean, bigint, text, text, text, timestamptz, interval, text, text, text, text, text);
create function gift_send(
  p_sender bigint,
  p_anchor bigint,
  p_room bigint,
  p_gift bigint,
  p_count integer,
  p_from_backpack boolean,
  p_price_tenths bigint,
  p_key text,
  p_params_hash text,
  p_ledger_key text,
  p_now timestamptz,
  p_combo_window interval,
  p_gift_name text,
  p_gift_name_en text,
  p_icon text,
  p_effect text,
  p_animation_url text,
  out answer text,
  out replayed boolean,
  out message_data text,
  out sender_nick text,
  out sender_avatar text,
  out refusal text
) language plpgsql as $$
declare
  v_total bigint := p_price_tenths * p_count;
  v_share_text text;
  v_share numeric := 0.5;
  v_income bigint := 0;
  v_platform bigint := 0;
  v_first record;
  v_last record;
  v_combo integer := 1;
  v_transaction bigint;
  v_consumer bigint;
  v_balance numeric;
  v_available numeric;
  v_backpack integer;
  v_record bigint;
  v_experience numeric;
  v_level smallint;
  v_exp_icon text;
  v_reached record;
  v_notice json;
begin
  replayed := false;
  if p_key is not null then
    -- Claims the key in this transaction; a concurrent request with it waits here until the first ends.
    insert into idempotent_requests (user_id, operation, idempotency_key, params_hash, created_at)
      values (p_sender, 'memberHandselGift', p_key, p_params_hash, p_now)
      on conflict (user_id, operation, idempotency_key) do nothing;
    if not found then
      select r.params_hash, r.answer into strict v_first from idempotent_requests r
        where r.user_id = p_sender and r.operation = 'memberHandselGift' and r.idempotency_key = p_key;
      if v_first.params_hash <> p_params_hash then
        refusal := 'gift_key_reused';
        return;
      end if;
      answer := v_first.answer;
      replayed := true;
      return;
    end if;
  end if;

  -- Only the gifts of the combo window are read (through the index on sender and time), not all the sender's.
  select g.gift_id, g.combo, g.created_at into v_last from gift_records g
    where g.sender_id = p_sender and g.room_id = p_room and g.created_at >= p_now - p_combo_window
    order by g.created_at desc, g.id desc limit 1;
  if found and v_last.gift_id = p_gift and p_now - v_last.created_at <= p_combo_window then
    v_combo := v_last.combo + 1;
  end if;

  if p_from_backpack then
    update user_gifts set quantity = quantity - p_count, updated_at = p_now
      where user_id = p_sender and gift_id = p_gift and quantity >= p_count
      returning quantity into v_backpack;
    if not found then
      refusal := 'gift_not_in_backpack';
      if p_key is not null then
        delete from idempotent_requests where user_id = p_sender and operation = 'memberHandselGift' and idempotency_key = p_key;
      end if;
      return;
    end if;
    select a.balance into v_balance from wallet_accounts a where a.owner_id = p_sender and a.kind = 'consumer';
  else
    -- The anchor's part as the site configures it (0 to 1, 0.5 when unset or not a number), rounded in the
    -- anchor's disfavour to a tenth; the platform's revenue keeps the rest.
    select c.value into v_share_text from site_config c where c.key = 'gift_anchor_share';
    if v_share_text ~ '^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$' then
      v_share := least(1, greatest(0, v_share_text::numeric));
    end if;
    v_income := floor(v_total * v_share);
    v_platform := v_total - v_income;
    -- The sender's wallet, locked: a concurrent gift of theirs waits until this one is booked or refused.
    select a.id, a.balance into strict v_consumer, v_available from wallet_accounts a
      where a.owner_id = p_sender and a.kind = 'consumer' for update;
    if v_available < v_total / 10.0 then
      refusal := 'gift_insufficient';
      if p_key is not null then
        delete from idempotent_requests where user_id = p_sender and operation = 'memberHandselGift' and idempotency_key = p_key;
      end if;
      return;
    end if;
    insert into ledger_transactions (idempotency_key, kind, user_id, created_at, meta)
      values (p_ledger_key, 'gift', p_sender, p_now,
              jsonb_build_object('gift_id', p_gift, 'quantity', p_count, 'room_id', p_room, 'anchor_id', p_anchor))
      returning id into v_transaction;
    -- The trigger applies each entry to its account in turn (account order: the locks are taken in one order by
    -- every gift); the sender's account's check refuses a balance below zero.
    with entries as (
      insert into ledger_entries (transaction_id, account_id, amount, created_at)
        select v_transaction, a.id,
               case when a.id = v_consumer then -(v_total / 10.0) when a.kind = 'income' then v_income / 10.0 else v_platform / 10.0 end,
               p_now
          from wallet_accounts a
          where a.id = v_consumer
             or (a.owner_id = p_anchor and a.kind = 'income' and v_income > 0)
             or (a.owner_id is null and a.kind = 'system_revenue' and v_platform > 0)
          order by a.id
        returning account_id, balance_after
    )
    select e.balance_after into v_balance from entries e where e.account_id = v_consumer;
  end if;

  insert into gift_records (sender_id, anchor_id, room_id, gift_id, quantity, total, from_backpack, transaction_id, created_at, combo)
    values (p_sender, p_anchor, p_room, p_gift, p_count, case when p_from_backpack then 0 else v_total / 10.0 end,
            p_from_backpack, v_transaction, p_now, v_combo)
    returning id into v_record;

  -- SPEC §5: 1 yellow diamond spent = 1 wealth point; the level is the highest reached.
  update users set experience = experience + case when p_from_backpack then 0 else v_total / 10.0 end
    where id = p_sender
    returning experience, level, exp_icon, user_nickname, users.avatar into strict v_experience, v_level, v_exp_icon, sender_nick, sender_avatar;
  if not p_from_backpack then
    select w.level, w.icon into v_reached from wealth_levels w where w.min_experience <= v_experience order by w.level desc limit 1;
    if found and (v_reached.level is distinct from v_level or v_reached.icon is distinct from v_exp_icon) then
      update users set level = v_reached.level, exp_icon = v_reached.icon where id = p_sender;
    end if;
  end if;

  v_notice := json_build_object(
    'kind', 'gift',
    'record_id', v_record,
    'gift_id', p_gift,
    'gift_name', p_gift_name,
    'gift_name_en', p_gift_name_en,
    'icon', p_icon,
    'effect', p_effect,
    'animation_url', case when p_effect = 'none' then null else p_animation_url end,
    'count', p_count,
    'combo', v_combo,
    'total_price', (v_total / 10.0)::float8,
    'anchor_uid', p_anchor,
    'room_id', p_room
  );
  message_data := v_notice::text;
  -- Key order as the contract lists it (MemberHandselGiftData, RoomGiftNotice); amounts as float8, which
  -- prints them as JavaScript does (1, 0.1, 12.3).
  answer := json_build_object(
    'gift_id', p_gift,
    'count', p_count,
    'source', case when p_from_backpack then 'backpack' else 'wallet' end,
    'total_price', (v_total / 10.0)::float8,
    'balance', v_balance::float8,
    'backpack_count', v_backpack,
    'experience', v_experience::float8,
    'notice', v_notice
  )::text;
  if p_key is not null then
    update idempotent_requests set answer = gift_send.answer
      where user_id = p_sender and operation = 'memberHandselGift' and idempotency_key = p_key;
  end if;

  if not p_from_backpack then
    insert into anchor_experience_parts as e (user_id, part, experience) values (p_anchor, v_transaction % 16, v_total / 10.0)
      on conflict (user_id, part) do update set experience = e.experience + excluded.experience;
  end if;
end
$$;

-- Many gifts in one call and one transaction (group commit): the server sends the gifts that arrived while the
-- previous call was running (gift-batches.ts). A commit, a statement and a round trip per gift were most of
-- what a gift cost beside the gift itself. Each gift is gift_send's, in the order given, under its own
-- Idempotency-Key; a refused gift writes nothing and the others go on. The room's notice of each gift made is
-- stored with it, in the same transaction, numbered in its room's chat (a crash loses both or neither).
--
-- p_gifts: a json array of {sender, anchor, room, gift, count, from_backpack, price_tenths, key, params_hash,
-- ledger_key, now, gift_name, gift_name_en, icon, effect, animation_url}, as gift_send takes them.
-- Answers one row per gift, by its place in the array (ord, from 1): gift_send's answer, whether it was a
-- replay, its refusal, and for a gift made now its stored notice (the chat message's id, sequence and payload)
-- and the sender as shown.
create function gift_send_batch(p_gifts jsonb, p_combo_window interval)
returns table (
  ord integer,
  answer text,
  replayed boolean,
  refusal text,
  sender_nick text,
  sender_avatar text,
  message_id bigint,
  message_seq bigint,
  message_payload jsonb
) language plpgsql as $$
#variable_conflict use_column
declare
  g record;
  r record;
  v_ord integer[] := '{}';
  v_answer text[] := '{}';
  v_replayed boolean[] := '{}';
  v_refusal text[] := '{}';
  v_nick text[] := '{}';
  v_avatar text[] := '{}';
  v_payload jsonb[] := '{}';
  v_sender bigint[] := '{}';
  v_room bigint[] := '{}';
  v_client text[] := '{}';
  v_created timestamptz[] := '{}';
begin
  for g in
    select x.* from rows from (jsonb_to_recordset(p_gifts) as (
      sender bigint, anchor bigint, room bigint, gift bigint, count integer, from_backpack boolean, price_tenths bigint,
      key text, params_hash text, ledger_key text, now timestamptz, gift_name text, gift_name_en text, icon text,
      effect text, animation_url text)) with ordinality as x
    order by x.ordinality
  loop
    select * into r from gift_send(g.sender, g.anchor, g.room, g.gift, g.count, g.from_backpack, g.price_tenths, g.key,
      g.params_hash, g.ledger_key, g.now, p_combo_window, g.gift_name, g.gift_name_en, g.icon, g.effect, g.animation_url);
    v_ord := v_ord || g.ordinality::integer;
    v_answer := v_answer || r.answer;
    v_replayed := v_replayed || r.replayed;
    v_refusal := v_refusal || r.refusal;
    v_nick := v_nick || r.sender_nick;
    v_avatar := v_avatar || r.sender_avatar;
    v_sender := v_sender || g.sender;
    v_room := v_room || g.room;
    v_created := v_created || g.now;
    if r.message_data is not null then
      v_payload := v_payload || jsonb_build_object('data', r.message_data, 'description', g.gift_name_en, 'extension', 'gift');
      v_client := v_client || ('gift-' || (r.message_data::json ->> 'record_id'));
    else
      v_payload := v_payload || null::jsonb;
      v_client := v_client || null::text;
    end if;
  end loop;

  -- The notices last, in one statement: the room's chat counter stays locked from here to the commit.
  return query
    with results as (
      select * from unnest(v_ord, v_answer, v_replayed, v_refusal, v_nick, v_avatar, v_payload, v_sender, v_room, v_client, v_created)
        as t(ord, answer, replayed, refusal, nick, avatar, payload, sender, room, client_msg_id, created_at)
    ), stored as (
      insert into chat_messages (sender_id, room_id, type, payload, client_msg_id, badge, created_at)
        select r.sender, r.room, 'custom', r.payload, r.client_msg_id, null, r.created_at
          from results r where r.payload is not null order by r.ord
        returning chat_messages.id, chat_messages.seq, chat_messages.sender_id, chat_messages.client_msg_id
    )
    select r.ord, r.answer, r.replayed, r.refusal, r.nick, r.avatar, s.id, s.seq, r.payload
      from results r left join stored s on s.sender_id = r.sender and s.client_msg_id = r.client_msg_id
      order by r.ord;
end
$$;
