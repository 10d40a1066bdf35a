-- Readers' comments on articles (/comment) can be reported like circle and video comments, and an admin's
-- removal hides them the same way.
alter table content_reports drop constraint content_reports_target_type_check;
alter table content_reports add constraint content_reports_target_type_check
  check (target_type in ('chat_message', 'post_comment', 'video_comment', 'news_comment', 'post', 'video'));
