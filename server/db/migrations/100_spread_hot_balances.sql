-- Gifts to one anchor in parallel (issue 13's ≥1,500 gifts/s on PostgreSQL). Every gift to an anchor credited
-- the same rows: the anchor's income account, the platform's revenue account and the anchor's experience. A
-- row an update has locked stays locked until the transaction has committed, its WAL flushed to disk, so the
-- gifts to one anchor went one commit after another (measured: every connection waiting on a row lock, one
-- flushing the WAL). Here those amounts are spread over parts, one chosen by the ledger transaction's id:
-- gifts to one anchor in the same moment write different rows, and PostgreSQL flushes their commits together.
--
-- A wallet's balance is its account's balance plus its parts (wallet_balance below). Only credits to an
-- income account and entries of the system accounts go to parts: a user's consumer and coin wallets, and a
-- debit of an income wallet, change the account's own balance under its row lock, where the account's check
-- refuses a balance below zero; a debit of an income wallet first folds the parts into the account (locking
-- them), so the check sees all of it. Parts of a user's wallet only ever hold credits (never below zero).

create table wallet_balance_parts (
  account_id bigint not null references wallet_accounts (id) on delete restrict,
  part smallint not null check (part between 0 and 15),
  balance numeric(14,1) not null,
  primary key (account_id, part)
);

-- Like wallet_accounts.balance, a part changes only through a ledger entry (the trigger below).
create function wallet_balance_parts_guard() returns trigger language plpgsql as $$
begin
  if pg_trigger_depth() < 2 then
    raise exception 'wallet balances change only through ledger entries' using errcode = 'P0001';
  end if;
  if tg_op = 'DELETE' then
    raise exception 'a wallet balance part is never removed' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger wallet_balance_parts_guard before insert or update or delete on wallet_balance_parts
  for each row execute function wallet_balance_parts_guard();

-- The balance of a wallet: its account's balance and its parts.
create function wallet_balance(p_account bigint) returns numeric language sql stable as $$
  select a.balance + coalesce((select sum(p.balance) from wallet_balance_parts p where p.account_id = a.id), 0)
    from wallet_accounts a where a.id = p_account
$$;

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
    new.balance_after := wallet_balance(new.account_id);
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

-- The anchor's experience received from gifts, spread the same way; users.anchor_experience keeps the rest
-- (what the anchor had before, seeded worlds); the anchor's experience is their sum (anchor_experience below).
create table anchor_experience_parts (
  user_id bigint not null references users (id) on delete cascade,
  part smallint not null check (part between 0 and 15),
  experience numeric(14,1) not null check (experience >= 0),
  primary key (user_id, part)
);

-- The experience of an anchor: what users.anchor_experience holds and its parts.
create function anchor_experience(p_user bigint) returns numeric language sql stable as $$
  select u.anchor_experience + coalesce((select sum(e.experience) from anchor_experience_parts e where e.user_id = u.id), 0)
    from users u where u.id = p_user
$$;
