-- A gift in one call to the database (issue 13's figures: ≥500 gifts/s on PGlite, ≥1,500/s on PostgreSQL).
-- member/handselGift made some fifteen statements of one transaction, each a round trip from the server; on
-- PostgreSQL the rows every gift to an anchor updates stayed locked while the server, busy with other
-- requests, sent the last statements and the commit. Here the whole gift is one statement run in its own
-- transaction: the same ledger trigger and constraints, the same Idempotency-Key semantics (ledger.ts
-- `idempotent`). What every gift to the anchor credits (their income, the platform's revenue, the anchor's
-- experience) goes to parts (migration 100), so gifts to one anchor do not wait for each other's commits.
--
-- Answers: the answer as stored under the key (json text); whether it is the stored answer of an earlier
-- request with the same key (nothing done now); and, for a gift made now, what the room's notice needs
-- besides the answer: its data as stored (the notice's json text) and the sender's nickname and avatar.
-- Refusals are raised: the Idempotency-Key used with other parameters ('gift_key_reused'), too few pieces in
-- the backpack ('gift_not_in_backpack'), and a consumer wallet that cannot pay (check wallet_balance_not_negative).
create function gift_send(
  p_sender bigint,
  p_anchor bigint,
  p_room bigint,
  p_gift bigint,
  p_count integer,
  p_from_backpack boolean,
  -- the price of one piece in tenths of a diamond, as the catalogue on sale says
  p_price_tenths bigint,
  -- the client's Idempotency-Key and the hash of the request's parameters; null key: no key
  p_key text,
  p_params_hash text,
  -- the ledger transaction's unique key
  p_ledger_key text,
  p_now timestamptz,
  -- the same gift again within this long continues the sender's combo
  p_combo_window interval,
  -- the gift as the room's notice shows it
  p_gift_name text,
  p_gift_name_en text,
  p_icon text,
  p_effect text,
  p_animation_url text,
  out answer text,
  out replayed boolean,
  out message_data text,
  out sender_nick text,
  out sender_avatar text
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
        raise exception 'gift_key_reused' using errcode = 'P0001';
      end if;
      answer := v_first.answer;
      replayed := true;
      return;
    end if;
  end if;

  select g.gift_id, g.combo, g.created_at into v_last from gift_records g
    where g.sender_id = p_sender and g.room_id = p_room order by g.id desc limit 1;
  if found and v_last.gift_id = p_gift and p_now - v_last.created_at <= p_combo_window then
    v_combo := v_last.combo + 1;
  end if;

  if p_from_backpack then
    update user_gifts set quantity = quantity - p_count, updated_at = p_now
      where user_id = p_sender and gift_id = p_gift and quantity >= p_count
      returning quantity into v_backpack;
    if not found then
      raise exception 'gift_not_in_backpack' using errcode = 'P0001';
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
    insert into ledger_transactions (idempotency_key, kind, user_id, created_at, meta)
      values (p_ledger_key, 'gift', p_sender, p_now,
              jsonb_build_object('gift_id', p_gift, 'quantity', p_count, 'room_id', p_room, 'anchor_id', p_anchor))
      returning id into v_transaction;
    -- The sender's own wallet first: the trigger applies the debit and the account's check refuses a
    -- balance below zero.
    select a.id into strict v_consumer from wallet_accounts a where a.owner_id = p_sender and a.kind = 'consumer';
    insert into ledger_entries (transaction_id, account_id, amount, created_at)
      values (v_transaction, v_consumer, -(v_total / 10.0), p_now)
      returning balance_after into v_balance;
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

  -- Last, what every gift to this anchor credits: their income and the platform's revenue (one statement, in
  -- account order, as ledger.ts books), then the anchor's experience (the value received), each in a part.
  if not p_from_backpack then
    insert into ledger_entries (transaction_id, account_id, amount, created_at)
      select v_transaction, a.id, case when a.kind = 'income' then v_income / 10.0 else v_platform / 10.0 end, p_now
        from wallet_accounts a
        where (a.owner_id = p_anchor and a.kind = 'income' and v_income > 0)
           or (a.owner_id is null and a.kind = 'system_revenue' and v_platform > 0)
        order by a.id;
    insert into anchor_experience_parts as e (user_id, part, experience) values (p_anchor, v_transaction % 16, v_total / 10.0)
      on conflict (user_id, part) do update set experience = e.experience + excluded.experience;
  end if;
end
$$;
