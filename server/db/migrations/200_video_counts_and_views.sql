-- Videos: the counts every list shows kept on the row (a hot order over thousands of videos cannot
-- count likes per row per request), views counted once per viewer per clock hour so the ranking can
-- say how many each video gained in a day, a week or a month, and the reason a refused video is given.

alter table videos add column review_reason text check (char_length(review_reason) <= 200);
alter table videos add column like_count integer not null default 0 check (like_count >= 0);
alter table videos add column favorite_count integer not null default 0 check (favorite_count >= 0);
-- comments and replies together, deleted ones left out
alter table videos add column comment_count integer not null default 0 check (comment_count >= 0);

alter table video_comments add column like_count integer not null default 0 check (like_count >= 0);
alter table video_comments add column reply_count integer not null default 0 check (reply_count >= 0);

update videos v set
  like_count = (select count(*) from likes l where l.target_type = 'video' and l.target_id = v.id),
  favorite_count = (select count(*) from video_favorites f where f.video_id = v.id),
  comment_count = (select count(*) from video_comments c where c.video_id = v.id and c.deleted_at is null);
update video_comments c set
  like_count = (select count(*) from likes l where l.target_type = 'video_comment' and l.target_id = c.id),
  reply_count = (select count(*) from video_comments r where r.parent_id = c.id and r.deleted_at is null);

-- Triggers keep the counts, so the seed's rows and the services' rows are counted alike.
create function video_like_counts() returns trigger language plpgsql as $$
declare
  changed likes;
  delta integer;
begin
  if tg_op = 'INSERT' then changed := new; delta := 1; else changed := old; delta := -1; end if;
  if changed.target_type = 'video' then
    update videos set like_count = like_count + delta where id = changed.target_id;
  elsif changed.target_type = 'video_comment' then
    update video_comments set like_count = like_count + delta where id = changed.target_id;
  end if;
  return null;
end $$;
create trigger likes_video_counts after insert or delete on likes
  for each row execute function video_like_counts();

create function video_favorite_counts() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update videos set favorite_count = favorite_count + 1 where id = new.video_id;
  else
    update videos set favorite_count = favorite_count - 1 where id = old.video_id;
  end if;
  return null;
end $$;
create trigger video_favorites_counts after insert or delete on video_favorites
  for each row execute function video_favorite_counts();

-- A comment counts while it is not deleted; a reply also counts under its top-level comment.
create function video_comment_counts() returns trigger language plpgsql as $$
declare
  delta integer := 0;
  changed video_comments;
begin
  if tg_op = 'INSERT' then
    changed := new;
    if new.deleted_at is null then delta := 1; end if;
  elsif tg_op = 'DELETE' then
    changed := old;
    if old.deleted_at is null then delta := -1; end if;
  else
    changed := new;
    if old.deleted_at is null and new.deleted_at is not null then delta := -1;
    elsif old.deleted_at is not null and new.deleted_at is null then delta := 1;
    end if;
  end if;
  if delta <> 0 then
    update videos set comment_count = comment_count + delta where id = changed.video_id;
    if changed.parent_id is not null then
      update video_comments set reply_count = reply_count + delta where id = changed.parent_id;
    end if;
  end if;
  return null;
end $$;
create trigger video_comments_counts after insert or delete or update of deleted_at on video_comments
  for each row execute function video_comment_counts();

-- One row per viewer, video and clock hour: a repeat within the hour conflicts and counts nothing.
create table video_views (
  video_id bigint not null references videos (id) on delete cascade,
  -- 'u<user id>' for a logged-in viewer, 'a<address>' for a guest
  viewer text not null check (char_length(viewer) between 2 and 80),
  hour timestamptz not null check (date_trunc('hour', hour) = hour),
  primary key (video_id, viewer, hour)
);
create index video_views_hour_idx on video_views (hour, video_id);

create function video_view_count() returns trigger language plpgsql as $$
begin
  update videos set views = views + 1 where id = new.video_id;
  return null;
end $$;
create trigger video_views_count after insert on video_views
  for each row execute function video_view_count();

create index videos_listed_idx on videos (created_at desc, id desc) where status = 'audit_successful' and deleted_at is null;
create index videos_listed_category_idx on videos (category_id, created_at desc, id desc)
  where status = 'audit_successful' and deleted_at is null;
