-- Resumable video uploads (the tus protocol): one row per upload under way, its bytes in a file of its own
-- whose length is the upload's offset. The row says whose it is and how long it will be; once whole, the file
-- is checked as any uploaded video is and becomes a video (Video_user/insertUpload), and the row goes.
create table video_tus_uploads (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  user_id bigint not null references users (id) on delete cascade,
  -- what the client said the whole file will be: under 50 MB, as every video
  length bigint not null check (length > 0 and length < 52428800),
  -- the client's Upload-Metadata, decoded (file name, type), for the page that resumes it
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  -- an upload left unfinished this long is forgotten, its bytes removed
  expires_at timestamptz not null
);
create index video_tus_uploads_user_idx on video_tus_uploads (user_id, created_at desc);
create index video_tus_uploads_expiry_idx on video_tus_uploads (expires_at);
