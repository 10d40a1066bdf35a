-- A batch of gifts made in a dozen statements, whatever its size (issue 13's gifts per second). Migration 110 made
-- each gift of a batch with its own gift_send: some twenty statements a gift, and each statement pays for its plan's
-- start and for reading its tables' checks again (measured with perf on PostgreSQL: starting executors and
-- checking constraints were a quarter of a gift's cost, more than the rows written). Here each step is one statement
-- for all the batch's gifts: the keys claimed, the senders' wallets locked, the ledger transactions, their entries,
-- the gift records, the senders' wealth, the answers stored, the anchor's experience and the room's notices. What
-- each gift is answered is what gift_send answered for it in the batch's order (the same refusals, balances, combos
-- and wealth); the ledger trigger still applies each entry to its account.
--
-- A batch with a gift from the backpack, or with the same Idempotency-Key twice, is made gift by gift as migration
-- 110 made it (gift_send_each): both are rare, and the sequential rules they need are gift_send's.
--
-- Locks are taken in one order by every batch, so batches at once do not deadlock: the keys by sender and key, the
-- senders' wallets by sender, the entries by account (migration 110 locked the anchor's and the platform's parts in
-- transaction order, which two batches could meet in opposite orders), the anchors' experience parts by anchor, and
-- the rooms' chat counters by room.
--
-- The part a credit goes to is chosen by the database transaction, not by the ledger transaction: all of a
-- transaction's credits to an account go to one part, so two batches at once (on one process or several) write
-- different parts of the anchor's and the platform's accounts instead of meeting on all sixteen. Otherwise as
-- migration 110.
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

alter function gift_send_batch(jsonb, interval) rename to gift_send_each;

-- A sender's last gift in a room (the combo's) read from the index alone: gift_send and the batch ask for it by time
-- and then by record, which the index on sender and time could give only by sorting all the sender's gifts of the
-- window (at 25 gifts a second from one sender, some 250 rows a gift).
create index gift_records_sender_time_idx on gift_records (sender_id, created_at desc, id desc);
drop index gift_records_sender_idx;

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
    return query select * from gift_send_each(p_gifts, p_combo_window);
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

  -- The notices last, in one statement, by room and then in the batch's order: each room's chat counter stays
  -- locked from here to the commit.
  return query
    with stored as (
      insert into chat_messages (sender_id, room_id, type, payload, client_msg_id, badge, created_at)
        select v_sender[m.i], v_room[m.i], 'custom',
               jsonb_build_object('data', v_notice[m.i], 'description', v_gift_name_en[m.i], 'extension', 'gift'),
               'gift-' || v_record[m.i], null, v_now[m.i]
          from unnest(v_made) as m(i)
          order by v_room[m.i], m.i
        returning chat_messages.id, chat_messages.seq, chat_messages.sender_id, chat_messages.client_msg_id, chat_messages.payload
    )
    select t.i::integer, v_answer[t.i], v_state[t.i] = 'replay', v_refusal[t.i], v_nick[t.i], v_avatar[t.i], s.id, s.seq, s.payload
      from generate_series(1, n) as t(i)
      left join stored s on v_state[t.i] = 'made' and s.sender_id = v_sender[t.i] and s.client_msg_id = 'gift-' || v_record[t.i]
      order by t.i;
end
$$;
