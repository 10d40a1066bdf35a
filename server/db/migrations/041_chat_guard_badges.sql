-- Room chat shows a guard's and a noble's badge beside the name (issue 13, item 4), as it shows the
-- anchor's and the managers'.
alter table chat_messages drop constraint if exists chat_messages_badge_check;
alter table chat_messages add constraint chat_messages_badge_check check (badge in ('anchor', 'manager', 'guard', 'noble'));
