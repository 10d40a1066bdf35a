-- Users report a chat line, a comment, a post or a video; the reports of one piece of content are one
-- item of the admins' queue (its reporters counted), decided once: removed (hidden everywhere) or
-- dismissed. The words are kept as they were first reported, so a removed or edited piece can still
-- be judged and answered for.
create table content_reports (
  id bigint generated always as identity primary key,
  target_type text not null check (target_type in ('chat_message', 'post_comment', 'video_comment', 'post', 'video')),
  target_id bigint not null,
  author_id bigint not null references users (id) on delete cascade,
  excerpt text not null,
  report_count integer not null default 0 check (report_count >= 0),
  status text not null default 'under_review' check (status in ('under_review', 'removed', 'dismissed')),
  review_reason text,
  reviewed_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  unique (target_type, target_id),
  check ((status = 'under_review') = (reviewed_at is null))
);
create index content_reports_queue_idx on content_reports (status, report_count desc, id);

create table content_report_reporters (
  report_id bigint not null references content_reports (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  reason text not null check (reason in ('spam', 'abuse', 'porn', 'illegal', 'other')),
  detail text not null default '',
  created_at timestamptz not null default now(),
  primary key (report_id, user_id)
);
