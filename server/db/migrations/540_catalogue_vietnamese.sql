-- The catalogue's own words (gifts, guard and nobility tiers, barrage styles, pay channels, mall goods, daily
-- tasks) had Chinese and English only, so a Vietnamese page showed them in English. Each gets its Vietnamese;
-- an empty one reads as English, so rows an admin adds without it still show. Existing sites' seeded rows are
-- filled here by their English names; a new site's seed writes them itself.
alter table gifts add column name_vi text not null default '';
alter table guard_tiers add column name_vi text not null default '';
alter table barrage_styles add column name_vi text not null default '';
alter table pay_channels add column name_vi text not null default '';
alter table goods add column name_vi text not null default '';
alter table goods add column description_vi text not null default '';
alter table tasks add column task_vi text not null default '';
alter table tasks add column description_vi text not null default '';

update gifts set name_vi = v.name_vi from (values
  ('Glow Stick', 'Que phát sáng'), ('Thumbs Up', 'Thích'), ('Cola', 'Nước ngọt'), ('Rose', 'Hoa hồng'),
  ('Football', 'Quả bóng'), ('Whistle', 'Còi trọng tài'), ('Beer', 'Bia mừng công'), ('Golden Ball', 'Quả bóng vàng'),
  ('Trophy', 'Cúp vô địch'), ('Supercar', 'Siêu xe'), ('Yacht', 'Du thuyền'), ('Rocket', 'Tên lửa'),
  ('Dream Castle', 'Lâu đài mơ ước')
) as v(name_en, name_vi) where gifts.name_en = v.name_en;

update guard_tiers set name_vi = v.name_vi from (values
  ('Knight', 'Hiệp sĩ'), ('Viscount', 'Tử tước'), ('Earl', 'Bá tước'), ('Marquis', 'Hầu tước'), ('Duke', 'Công tước'),
  ('King', 'Quốc vương'), ('Emperor', 'Hoàng đế'), ('Silver Guard', 'Hộ vệ Bạc'), ('Gold Guard', 'Hộ vệ Vàng'),
  ('Diamond Guard', 'Hộ vệ Kim cương')
) as v(name_en, name_vi) where guard_tiers.name_en = v.name_en;

update barrage_styles set name_vi = v.name_vi from (values
  ('Classic White', 'Trắng cổ điển'), ('Passion Red', 'Đỏ nhiệt huyết'), ('Vivid Orange', 'Cam rực rỡ'),
  ('Champion Gold', 'Vàng vô địch'), ('Pitch Green', 'Xanh sân cỏ'), ('Sky Blue', 'Xanh da trời'),
  ('Noble Purple', 'Tím quý tộc'), ('Sakura Pink', 'Hồng anh đào')
) as v(name_en, name_vi) where barrage_styles.name_en = v.name_en;

update pay_channels set name_vi = v.name_vi from (values
  ('Sandbox', 'Thanh toán thử'), ('Alipay', 'Alipay'), ('WeChat Pay', 'WeChat Pay'), ('Bank card', 'Thẻ ngân hàng')
) as v(name_en, name_vi) where pay_channels.name_en = v.name_en;

update goods set name_vi = v.name_vi, description_vi = v.description_vi from (values
  ('5 Roses', '5 hoa hồng', 'Vào ba lô của bạn, để tặng miễn phí cho người phát sóng'),
  ('3 Footballs', '3 quả bóng', 'Vào ba lô của bạn, để tặng miễn phí cho người phát sóng'),
  ('Golden Ball', 'Quả bóng vàng', 'Vào ba lô của bạn, để tặng miễn phí cho người phát sóng'),
  ('3 Horns', '3 loa', '3 bình luận loa, hiện trong mọi phòng live của trang'),
  ('10 Horns', '10 loa', '10 bình luận loa, hiện trong mọi phòng live của trang'),
  ('Pitchside Sports Bottle', 'Bình nước thể thao Pitchside', 'Bình nước thể thao Pitchside, 600 ml'),
  ('Official Match Ball', 'Bóng thi đấu chính thức', 'Bóng thi đấu cỡ số 5, màu ngẫu nhiên'),
  ('Custom Jersey', 'Áo đấu tùy chỉnh', 'Áo đấu in tên và số bạn chọn')
) as v(name_en, name_vi, description_vi) where goods.name_en = v.name_en;

update tasks set task_vi = v.task_vi, description_vi = v.description_vi from (values
  ('watch_room', 'Xem live 5 phút', 'Xem bất kỳ phòng live nào tổng cộng 5 phút'),
  ('send_barrage', 'Gửi một bình luận bay', 'Gửi một bình luận bay trong bất kỳ phòng live nào'),
  ('follow_anchor', 'Theo dõi một người phát sóng', 'Theo dõi một người phát sóng bạn thích'),
  ('share', 'Chia sẻ phòng live', 'Chia sẻ một phòng live hay với bạn bè'),
  ('send_gift', 'Tặng một món quà', 'Tặng bất kỳ món quà nào cho người phát sóng')
) as v(code, task_vi, description_vi) where tasks.code = v.code;
