-- News sent by users waits for an admin; banners and adverts are edited in the admin console and run
-- between a start and an end; circles and slides are named in each of the site's languages.

-- The review of an article sent with Headlines_user/insert: who decided, when, and why it was refused.
alter table headlines add column reviewed_by bigint references users (id) on delete set null;
alter table headlines add column reviewed_at timestamptz;
alter table headlines add column review_note text check (review_note is null or char_length(review_note) between 1 and 200);
alter table headlines add constraint headlines_refusal_reason_check check (status <> 'audit_failure' or review_note is not null);
create index headlines_review_idx on headlines (created_at) where status = 'under_review';

-- A slide's and an advert's words in English and Vietnamese; empty falls back to the Chinese title.
alter table banners add column title_en text not null default '' check (char_length(title_en) <= 60);
alter table banners add column title_vi text not null default '' check (char_length(title_vi) <= 60);
create index banners_running_idx on banners (position, sort) where enabled;

-- Adverts take the contract's places (AdvertisementPosition), an advertiser's https address, and run
-- between a start and an end like banners.
alter table adverts drop constraint adverts_position_check;
update adverts set position = case position
  when 'home_middle' then 'home'
  when 'score_list' then 'scores'
  when 'footer' then 'sidebar'
  else position end;
alter table adverts add constraint adverts_position_check
  check (position in ('home', 'live_room', 'scores', 'video', 'news', 'sidebar'));
alter table adverts drop constraint adverts_link_check;
alter table adverts add constraint adverts_link_check check (link = '' or link like '/%' or link like 'https://%');
alter table adverts add column title_en text not null default '' check (char_length(title_en) <= 60);
alter table adverts add column title_vi text not null default '' check (char_length(title_vi) <= 60);
alter table adverts add column starts_at timestamptz;
alter table adverts add column ends_at timestamptz;
alter table adverts add constraint adverts_window_check check (ends_at is null or starts_at is null or ends_at > starts_at);
create index adverts_running_idx on adverts (position, sort) where enabled;

-- A circle's name in Vietnamese (name is Chinese, name_en English); empty falls back to English.
alter table circles add column name_vi text not null default '' check (char_length(name_vi) <= 40);
alter table headline_categories add column name_vi text not null default '' check (char_length(name_vi) <= 20);
alter table circles add column description_en text not null default '' check (char_length(description_en) <= 300);
alter table circles add column description_vi text not null default '' check (char_length(description_vi) <= 300);
