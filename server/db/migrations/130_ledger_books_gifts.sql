-- The ledger's rules and every SQL function that moves money, each in its one current definition: what migrations
-- 002, 100, 110 and 120 defined step by step (a later definition replacing an earlier one) is written out here once,
-- and the gift functions those migrations left beside each other (gift_send, gift_send_each, gift_send_batch) are
-- dropped for the three below. server/areas/wallet/ledger.ts names them; nothing else calls them.
--
-- The rules, all enforced by the database whoever books:
-- - never below zero: wallet_accounts' check wallet_balance_not_negative (migration 002) refuses a user's balance
--   below zero under the account's row lock, and a part of a user's wallet only ever holds credits;
-- - nets to zero: ledger_entries_balanced, after each statement that adds entries, refuses a ledger transaction
--   whose entries do not sum to zero in each currency;
-- - balance parts: ledger_entries_apply puts a credit to an income wallet and every entry of a system account in one
--   of 16 parts (chosen by the database transaction), so gifts to one anchor do not wait on each other's commits; a
--   wallet's balance is its account and its parts (wallet_balance, migration 100);
-- - one effect per key: a ledger transaction's idempotency_key is unique, and a money call claims its request's
--   Idempotency-Key in idempotent_requests in the same transaction as its effect.
--
-- A gift's money, its record, the sender's wealth and the answer stored under its key are the ledger's
-- (ledger_book_gifts); the room's notice of it is the chat's (chat_store_room_notices), written in the same
-- statement by the gift area, so a crash loses both or neither.

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
      values (new.account_id, txid_current() % 16, new.amount)
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

create or replace function ledger_entries_balanced() returns trigger language plpgsql as $$
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

drop function gift_send_batch(jsonb, interval);
drop function gift_send_each(jsonb, interval);
drop function gift_send(bigint, bigint, bigint, bigint, integer, boolean, bigint, text, text, text, timestamptz, interval, text, text, text, text, text);

-- One gift, booked alone: its Idempotency-Key claimed (or its first answer again, or refused when the parameters
-- differ), the sender's wallet locked and debited (or the backpack's pieces taken), the anchor's share and the
-- platform's rest credited in one statement of entries, the gift recorded with its combo, the sender's wealth raised
-- (SPEC §5), the answer stored under the key. A gift refused as the request's own fault is answered in `refusal`
-- with nothing written (the key's claim taken back, so a later request with it is decided afresh), so one refused
-- gift of a batch undoes none of the others. `notice` is the room's notice of a gift made now (json text, as the
-- answer holds it), `record_id` its record.
create function ledger_book_gift(
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
  out notice text,
  out sender_nick text,
  out sender_avatar text,
  out refusal text,
  out record_id bigint
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
  record_id := v_record;

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
  notice := v_notice::text;
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
    update idempotent_requests set answer = ledger_book_gift.answer
      where user_id = p_sender and operation = 'memberHandselGift' and idempotency_key = p_key;
  end if;

  if not p_from_backpack then
    insert into anchor_experience_parts as e (user_id, part, experience) values (p_anchor, v_transaction % 16, v_total / 10.0)
      on conflict (user_id, part) do update set experience = e.experience + excluded.experience;
  end if;
end
$$;

-- The gifts of a batch booked one after another with ledger_book_gift, in the order given: the rule that
-- ledger_book_gifts keeps, and the way it books a batch with a gift from the backpack or a key given twice.
-- Answers one row a gift, by its place in p_gifts (ord, from 1).
create function ledger_book_gifts_in_turn(p_gifts jsonb, p_combo_window interval)
returns table (
  ord integer,
  answer text,
  replayed boolean,
  refusal text,
  sender_nick text,
  sender_avatar text,
  record_id bigint,
  notice text,
  sender bigint,
  room bigint,
  made_at timestamptz
) language plpgsql as $$
#variable_conflict use_column
declare
  g record;
  r record;
begin
  for g in
    select x.* from rows from (jsonb_to_recordset(p_gifts) as (
      sender bigint, anchor bigint, room bigint, gift bigint, count integer, from_backpack boolean, price_tenths bigint,
      key text, params_hash text, ledger_key text, now timestamptz, gift_name text, gift_name_en text, icon text,
      effect text, animation_url text)) with ordinality as x
    order by x.ordinality
  loop
    select * into r from ledger_book_gift(g.sender, g.anchor, g.room, g.gift, g.count, g.from_backpack, g.price_tenths, g.key,
      g.params_hash, g.ledger_key, g.now, p_combo_window, g.gift_name, g.gift_name_en, g.icon, g.effect, g.animation_url);
    ord := g.ordinality::integer;
    answer := r.answer;
    replayed := r.replayed;
    refusal := r.refusal;
    sender_nick := r.sender_nick;
    sender_avatar := r.sender_avatar;
    record_id := r.record_id;
    notice := r.notice;
    sender := g.sender;
    room := g.room;
    made_at := g.now;
    return next;
  end loop;
end
$$;

-- A batch of gifts booked in a dozen statements whatever its size, each gift answered as ledger_book_gifts_in_turn
-- answers it (the same refusals, balances, combos and wealth): each step is one statement for all the batch's gifts
-- (the keys claimed, the senders' wallets locked, the ledger transactions, their entries, the gift records, the
-- senders' wealth, the answers stored, the anchor's experience), because a statement's start and its tables' checks
-- cost more than the rows it writes (measured with perf on PostgreSQL). A batch with a gift from the backpack, or
-- with one Idempotency-Key twice, is booked in turn: both are rare, and their rules are sequential.
--
-- Every batch takes its locks in one order, so batches at once do not deadlock: the keys by sender and key, the
-- senders' wallets by sender, the entries by account, the anchors' experience parts by anchor.
--
-- p_gifts: a json array of {sender, anchor, room, gift, count, from_backpack, price_tenths, key, params_hash,
-- ledger_key, now, gift_name, gift_name_en, icon, effect, animation_url}. Answers one row a gift, by its place in
-- the array (ord, from 1): the answer (stored under its key), whether it was a replay, its refusal, for a gift made
-- now the sender as shown, its record and its notice, and whose gift it was, in which room, when.
create function ledger_book_gifts(p_gifts jsonb, p_combo_window interval)
returns table (
  ord integer,
  answer text,
  replayed boolean,
  refusal text,
  sender_nick text,
  sender_avatar text,
  record_id bigint,
  notice text,
  sender bigint,
  room bigint,
  made_at timestamptz
)
-- Each statement planned once a session, not at every batch: the plans do not depend on the gifts (measured on
-- PGlite: a batch of one gift took 5.4 ms planned once against 7.3 ms planned every time).
language plpgsql set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
declare
  n integer;
  i integer;
  j integer;
  k integer;
  v_one_by_one boolean;
  -- The gifts, by their place in p_gifts.
  v_sender bigint[];
  v_anchor bigint[];
  v_room bigint[];
  v_gift bigint[];
  v_count integer[];
  v_total bigint[];
  v_key text[];
  v_hash text[];
  v_ledger_key text[];
  v_now timestamptz[];
  v_gift_name text[];
  v_gift_name_en text[];
  v_icon text[];
  v_effect text[];
  v_animation_url text[];
  -- What becomes of each: 'new' until decided, then 'made', 'replay' or refused.
  v_state text[];
  v_answer text[];
  v_refusal text[];
  v_income bigint[];
  v_transaction bigint[];
  v_record bigint[];
  v_combo integer[];
  v_balance numeric[];
  v_experience numeric[];
  v_notice text[];
  v_nick text[];
  v_avatar text[];
  -- Lookups, each one statement for the batch.
  v_claimed text[];
  v_stored record;
  v_wallet_owner bigint[];
  v_wallet_id bigint[];
  v_wallet_left numeric[];
  v_consumer bigint[];
  v_income_owner bigint[];
  v_income_id bigint[];
  v_income_account bigint[];
  v_revenue bigint;
  v_share_text text;
  v_share numeric := 0.5;
  v_last_sender bigint[];
  v_last_room bigint[];
  v_last_gift bigint[];
  v_last_combo integer[];
  v_last_at timestamptz[];
  v_prev integer;
  v_user_id bigint[];
  v_user_experience numeric[];
  v_user_nick text[];
  v_user_avatar text[];
  v_later numeric;
  v_made integer[];
  v_bitmap_scans text;
begin
  select count(*)::integer,
         coalesce(bool_or(x.from_backpack), false)
           or count(distinct (x.sender, x.key)) filter (where x.key is not null) <> count(*) filter (where x.key is not null),
         array_agg(x.sender order by x.ordinality), array_agg(x.anchor order by x.ordinality), array_agg(x.room order by x.ordinality),
         array_agg(x.gift order by x.ordinality), array_agg(x.count order by x.ordinality),
         array_agg(x.price_tenths * x.count order by x.ordinality), array_agg(x.key order by x.ordinality),
         array_agg(x.params_hash order by x.ordinality), array_agg(x.ledger_key order by x.ordinality),
         array_agg(x.now order by x.ordinality), array_agg(x.gift_name order by x.ordinality),
         array_agg(x.gift_name_en order by x.ordinality), array_agg(x.icon order by x.ordinality),
         array_agg(x.effect order by x.ordinality), array_agg(x.animation_url order by x.ordinality)
    into n, v_one_by_one, v_sender, v_anchor, v_room, v_gift, v_count, v_total, v_key, v_hash, v_ledger_key, v_now,
         v_gift_name, v_gift_name_en, v_icon, v_effect, v_animation_url
    from rows from (jsonb_to_recordset(p_gifts) as (
      sender bigint, anchor bigint, room bigint, gift bigint, count integer, from_backpack boolean, price_tenths bigint,
      key text, params_hash text, ledger_key text, now timestamptz, gift_name text, gift_name_en text, icon text,
      effect text, animation_url text)) with ordinality as x;
  if n = 0 then
    return;
  end if;
  if v_one_by_one then
    return query select * from ledger_book_gifts_in_turn(p_gifts, p_combo_window);
    return;
  end if;

  v_state := array_fill('new'::text, array[n]);
  v_answer := array_fill(null::text, array[n]);
  v_refusal := array_fill(null::text, array[n]);

  -- The keys, claimed in this transaction; a concurrent request with one of them waits here until the first ends.
  with claimed as (
    insert into idempotent_requests (user_id, operation, idempotency_key, params_hash, created_at)
      select k.sender, 'memberHandselGift', k.key, k.hash, k.at
        from unnest(v_sender, v_key, v_hash, v_now) as k(sender, key, hash, at)
        where k.key is not null
        order by k.sender, k.key
      on conflict (user_id, operation, idempotency_key) do nothing
      returning user_id, idempotency_key
  )
  select coalesce(array_agg(c.user_id || '/' || c.idempotency_key), '{}') into v_claimed from claimed c;
  -- A key claimed before: its first answer again, or refused when the parameters differ.
  for v_stored in
    select k.i, r.params_hash, r.answer
      from unnest(v_sender, v_key) with ordinality as k(sender, key, i)
      left join idempotent_requests r on r.user_id = k.sender and r.operation = 'memberHandselGift' and r.idempotency_key = k.key
      where k.key is not null and not (k.sender || '/' || k.key = any (v_claimed))
  loop
    if v_stored.params_hash is null then
      raise exception 'the Idempotency-Key of gift % was claimed and is gone', v_stored.i using errcode = '40001';
    end if;
    if v_stored.params_hash <> v_hash[v_stored.i] then
      v_state[v_stored.i] := 'refused';
      v_refusal[v_stored.i] := 'gift_key_reused';
    else
      v_state[v_stored.i] := 'replay';
      v_answer[v_stored.i] := v_stored.answer;
    end if;
  end loop;

  -- The anchor's part as the site configures it (0 to 1, 0.5 when unset or not a number), rounded in the anchor's
  -- disfavour to a tenth; the platform's revenue keeps the rest.
  select c.value into v_share_text from site_config c where c.key = 'gift_anchor_share';
  if v_share_text ~ '^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$' then
    v_share := least(1, greatest(0, v_share_text::numeric));
  end if;
  v_income := array_fill(null::bigint, array[n]);
  for i in 1 .. n loop
    v_income[i] := floor(v_total[i] * v_share);
  end loop;

  -- The senders' wallets, locked in the senders' order: their other gifts wait until these are booked or refused.
  select coalesce(array_agg(w.owner_id order by w.owner_id), '{}'), coalesce(array_agg(w.id order by w.owner_id), '{}'),
         coalesce(array_agg(w.balance order by w.owner_id), '{}')
    into v_wallet_owner, v_wallet_id, v_wallet_left
    from (
      select a.owner_id, a.id, a.balance from wallet_accounts a
        where a.kind = 'consumer'
          and a.owner_id in (select s.sender from unnest(v_sender, v_state) as s(sender, state) where s.state = 'new')
        order by a.owner_id
        for update
    ) w;
  -- Each gift paid from what its sender has left after their earlier gifts in the batch.
  v_consumer := array_fill(null::bigint, array[n]);
  for i in 1 .. n loop
    continue when v_state[i] <> 'new';
    j := array_position(v_wallet_owner, v_sender[i]);
    if j is null then
      raise exception 'no consumer wallet for user %', v_sender[i] using errcode = 'P0002';
    end if;
    if v_wallet_left[j] < v_total[i] / 10.0 then
      v_state[i] := 'refused';
      v_refusal[i] := 'gift_insufficient';
    else
      v_wallet_left[j] := v_wallet_left[j] - v_total[i] / 10.0;
      v_consumer[i] := v_wallet_id[j];
      v_state[i] := 'made';
    end if;
  end loop;
  -- A refused gift writes nothing: its key's claim is taken back, so a later request with it is decided afresh.
  delete from idempotent_requests r
    using unnest(v_sender, v_key, v_state) as k(sender, key, state)
    where k.state = 'refused' and k.key is not null and r.user_id = k.sender and r.operation = 'memberHandselGift'
      and r.idempotency_key = k.key and (k.sender || '/' || k.key = any (v_claimed));

  select coalesce(array_agg(m.i order by m.i), '{}') into v_made
    from unnest(v_state) with ordinality as m(state, i) where m.state = 'made';
  if cardinality(v_made) > 0 then
    -- The ledger transactions, one a gift, numbered in the batch's order.
    v_transaction := array_fill(null::bigint, array[n]);
    for v_stored in
      with booked as (
        insert into ledger_transactions (idempotency_key, kind, user_id, created_at, meta)
          select v_ledger_key[m.i], 'gift', v_sender[m.i], v_now[m.i],
                 jsonb_build_object('gift_id', v_gift[m.i], 'quantity', v_count[m.i], 'room_id', v_room[m.i], 'anchor_id', v_anchor[m.i])
            from unnest(v_made) as m(i)
            order by m.i
          returning id, idempotency_key
      )
      select m.i, b.id from unnest(v_made) as m(i) join booked b on b.idempotency_key = v_ledger_key[m.i]
    loop
      v_transaction[v_stored.i] := v_stored.id;
    end loop;

    select coalesce(array_agg(a.owner_id), '{}'), coalesce(array_agg(a.id), '{}') into v_income_owner, v_income_id
      from wallet_accounts a
      where a.kind = 'income' and a.owner_id in (select v_anchor[m.i] from unnest(v_made) as m(i));
    v_income_account := array_fill(null::bigint, array[n]);
    for i in 1 .. n loop
      continue when v_state[i] <> 'made';
      v_income_account[i] := v_income_id[array_position(v_income_owner, v_anchor[i])];
    end loop;
    select a.id into v_revenue from wallet_accounts a where a.owner_id is null and a.kind = 'system_revenue';

    -- Every gift's entries in one statement: the sender's debit, the anchor's income and the platform's revenue.
    -- The trigger applies each to its account in turn, in the accounts' order (the same in every batch: the credits
    -- go to one part of each account, the batch's), a sender's debits in the order of their gifts, so each debit's
    -- balance after is the sender's balance after that gift.
    v_balance := array_fill(null::numeric, array[n]);
    for v_stored in
      with entries as (
        insert into ledger_entries (transaction_id, account_id, amount, created_at)
          select e.transaction_id, e.account_id, e.amount, e.at from (
            select v_transaction[m.i] as transaction_id, v_consumer[m.i] as account_id, -(v_total[m.i] / 10.0) as amount,
                   v_now[m.i] as at
              from unnest(v_made) as m(i)
            union all
            select v_transaction[m.i], v_income_account[m.i], v_income[m.i] / 10.0, v_now[m.i]
              from unnest(v_made) as m(i) where v_income[m.i] > 0
            union all
            select v_transaction[m.i], v_revenue, (v_total[m.i] - v_income[m.i]) / 10.0, v_now[m.i]
              from unnest(v_made) as m(i) where v_total[m.i] - v_income[m.i] > 0
          ) e
          order by e.account_id, e.transaction_id
        returning transaction_id, account_id, balance_after
      )
      select m.i, e.balance_after from unnest(v_made) as m(i)
        join entries e on e.transaction_id = v_transaction[m.i] and e.account_id = v_consumer[m.i]
    loop
      v_balance[v_stored.i] := v_stored.balance_after;
    end loop;

    -- Each sender's last gift in each room within the combo window, before this batch: the first entry of the index
    -- on sender, time and record. Told not to read the window's entries by bitmap and sort them, as the planner
    -- chose when the table's statistics were older than its last seconds of gifts (PGlite never gathers them).
    v_bitmap_scans := current_setting('enable_bitmapscan');
    perform set_config('enable_bitmapscan', 'off', true);
    select coalesce(array_agg(p.sender), '{}'), coalesce(array_agg(p.room), '{}'), coalesce(array_agg(l.gift_id), '{}'),
           coalesce(array_agg(l.combo), '{}'), coalesce(array_agg(l.created_at), '{}')
      into v_last_sender, v_last_room, v_last_gift, v_last_combo, v_last_at
      from (
        select v_sender[m.i] as sender, v_room[m.i] as room, min(v_now[m.i]) as first_at
          from unnest(v_made) as m(i) group by 1, 2
      ) p
      cross join lateral (
        select g.gift_id, g.combo, g.created_at from gift_records g
          where g.sender_id = p.sender and g.room_id = p.room and g.created_at >= p.first_at - p_combo_window
          order by g.created_at desc, g.id desc limit 1
      ) l;
    perform set_config('enable_bitmapscan', v_bitmap_scans, true);
    -- The same gift again within the window continues the combo: after the sender's last gift in the room, in the
    -- database or earlier in this batch.
    v_combo := array_fill(1, array[n]);
    for i in 1 .. n loop
      continue when v_state[i] <> 'made';
      -- The latest of the two (by time, then by record: the batch's come after the database's).
      v_prev := null;
      for j in reverse i - 1 .. 1 loop
        if v_state[j] = 'made' and v_sender[j] = v_sender[i] and v_room[j] = v_room[i] then
          v_prev := j;
          exit;
        end if;
      end loop;
      j := null;
      for k in 1 .. coalesce(cardinality(v_last_sender), 0) loop
        if v_last_sender[k] = v_sender[i] and v_last_room[k] = v_room[i] then
          j := k;
        end if;
      end loop;
      if v_prev is not null and v_now[v_prev] >= v_now[i] - p_combo_window and (j is null or v_now[v_prev] >= v_last_at[j]) then
        if v_gift[v_prev] = v_gift[i] and v_now[i] - v_now[v_prev] <= p_combo_window then
          v_combo[i] := v_combo[v_prev] + 1;
        end if;
      elsif j is not null and v_last_at[j] >= v_now[i] - p_combo_window then
        if v_last_gift[j] = v_gift[i] and v_now[i] - v_last_at[j] <= p_combo_window then
          v_combo[i] := v_last_combo[j] + 1;
        end if;
      end if;
    end loop;

    with recorded as (
      insert into gift_records (sender_id, anchor_id, room_id, gift_id, quantity, total, from_backpack, transaction_id, created_at, combo)
        select v_sender[m.i], v_anchor[m.i], v_room[m.i], v_gift[m.i], v_count[m.i], v_total[m.i] / 10.0, false,
               v_transaction[m.i], v_now[m.i], v_combo[m.i]
          from unnest(v_made) as m(i)
          order by m.i
        returning id, transaction_id
    )
    select array_agg(r.id order by t.i) into v_record
      from generate_series(1, n) as t(i) left join recorded r on r.transaction_id = v_transaction[t.i];

    -- SPEC §5: 1 yellow diamond spent = 1 wealth point; the level is the highest reached.
    with spent as (
      select v_sender[m.i] as sender, sum(v_total[m.i]) / 10.0 as points from unnest(v_made) as m(i) group by 1
    ), raised as (
      update users u set experience = u.experience + s.points,
        (level, exp_icon) = (
          select coalesce(w.level, u.level), case when w.level is null then u.exp_icon else w.icon end
            from (select 1) one
            left join lateral (
              select wl.level, wl.icon from wealth_levels wl where wl.min_experience <= u.experience + s.points
                order by wl.level desc limit 1
            ) w on true
        )
        from (select * from spent order by sender) s
        where u.id = s.sender
        returning u.id, u.experience, u.user_nickname, u.avatar
    )
    select array_agg(r.id), array_agg(r.experience), array_agg(r.user_nickname), array_agg(r.avatar)
      into v_user_id, v_user_experience, v_user_nick, v_user_avatar
      from raised r;

    -- Each gift's answer and notice, with its sender's wealth as it stood after that gift.
    v_experience := array_fill(null::numeric, array[n]);
    v_notice := array_fill(null::text, array[n]);
    v_nick := array_fill(null::text, array[n]);
    v_avatar := array_fill(null::text, array[n]);
    for i in 1 .. n loop
      continue when v_state[i] <> 'made';
      j := array_position(v_user_id, v_sender[i]);
      if j is null then
        raise exception 'no user %', v_sender[i] using errcode = 'P0002';
      end if;
      v_later := 0;
      for v_prev in i + 1 .. n loop
        if v_state[v_prev] = 'made' and v_sender[v_prev] = v_sender[i] then
          v_later := v_later + v_total[v_prev] / 10.0;
        end if;
      end loop;
      v_experience[i] := v_user_experience[j] - v_later;
      v_nick[i] := v_user_nick[j];
      v_avatar[i] := v_user_avatar[j];
      v_notice[i] := json_build_object(
        'kind', 'gift',
        'record_id', v_record[i],
        'gift_id', v_gift[i],
        'gift_name', v_gift_name[i],
        'gift_name_en', v_gift_name_en[i],
        'icon', v_icon[i],
        'effect', v_effect[i],
        'animation_url', case when v_effect[i] = 'none' then null else v_animation_url[i] end,
        'count', v_count[i],
        'combo', v_combo[i],
        'total_price', (v_total[i] / 10.0)::float8,
        'anchor_uid', v_anchor[i],
        'room_id', v_room[i]
      )::text;
      -- Key order as the contract lists it (MemberHandselGiftData, RoomGiftNotice); amounts as float8, which
      -- prints them as JavaScript does (1, 0.1, 12.3).
      v_answer[i] := json_build_object(
        'gift_id', v_gift[i],
        'count', v_count[i],
        'source', 'wallet',
        'total_price', (v_total[i] / 10.0)::float8,
        'balance', v_balance[i]::float8,
        'backpack_count', null,
        'experience', v_experience[i]::float8,
        'notice', v_notice[i]::json
      )::text;
    end loop;

    update idempotent_requests r set answer = v_answer[m.i]
      from unnest(v_made) as m(i)
      where v_key[m.i] is not null and r.user_id = v_sender[m.i] and r.operation = 'memberHandselGift' and r.idempotency_key = v_key[m.i];

    insert into anchor_experience_parts as e (user_id, part, experience)
      select v_anchor[m.i], txid_current() % 16, sum(v_total[m.i]) / 10.0
        from unnest(v_made) as m(i)
        group by 1
        order by 1
      on conflict (user_id, part) do update set experience = e.experience + excluded.experience;
  end if;

  return query
    select t.i::integer, v_answer[t.i], v_state[t.i] = 'replay', v_refusal[t.i], v_nick[t.i], v_avatar[t.i],
           case when v_state[t.i] = 'made' then v_record[t.i] end, v_notice[t.i], v_sender[t.i], v_room[t.i], v_now[t.i]
      from generate_series(1, n) as t(i)
      order by t.i;
end
$$;

-- A room's notices stored in its chat, numbered in each room's conversation as any message is: in one statement,
-- by room and then in the order given, so each room's chat counter stays locked from here to the commit and
-- batches at once lock the counters in one order. A notice is the same place of each array: its place among those
-- given (p_ord), sender, room, payload, client message id and time; answers each place with its message's id and
-- sequence.
create function chat_store_room_notices(
  p_ord integer[],
  p_sender bigint[],
  p_room bigint[],
  p_payload jsonb[],
  p_client_msg_id text[],
  p_created_at timestamptz[]
)
returns table (ord integer, message_id bigint, message_seq bigint, payload jsonb)
language plpgsql set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
begin
  return query
    with notices as (
      select n.* from unnest(p_ord, p_sender, p_room, p_payload, p_client_msg_id, p_created_at)
        as n(ord, sender, room, payload, client_msg_id, created_at)
    ), stored as (
      insert into chat_messages (sender_id, room_id, type, payload, client_msg_id, badge, created_at)
        select n.sender, n.room, 'custom', n.payload, n.client_msg_id, null, n.created_at
          from notices n
          order by n.room, n.ord
        returning chat_messages.id, chat_messages.seq, chat_messages.sender_id, chat_messages.client_msg_id, chat_messages.payload
    )
    select n.ord, s.id, s.seq, s.payload
      from notices n join stored s on s.sender_id = n.sender and s.client_msg_id = n.client_msg_id
      order by n.ord;
end
$$;
