// Catalogue of the demo world, read only by the seed (server/seed): news categories, hand-written
// feature headlines and portal posts.

import type { Sport } from '../../db/tables/column-types.ts';

export const headlineCategories: Array<[name: string, name_en: string, name_vi: string]> = [
  ['头条', 'Top Stories', 'Tin nổi bật'],
  ['足球', 'Football', 'Bóng đá'],
  ['篮球', 'Basketball', 'Bóng rổ'],
  ['电竞', 'Esports', 'Thể thao điện tử'],
  ['转会', 'Transfers', 'Chuyển nhượng'],
  ['深度', 'Features', 'Chuyên sâu'],
];

/** Hand-written English articles, one or more in every category, for readers of the English site. */
export const englishHeadlines: Array<{ category: string; sport: Sport | null; title: string; summary: string; paragraphs: string[] }> = [
  {
    category: '头条',
    sport: 'football',
    title: 'Title race tightens as the leaders drop points on the road',
    summary: 'Three points now separate the top four after a weekend of surprises away from home.',
    paragraphs: [
      'A weekend that began with the leaders five points clear ended with the table bunched tighter than at any point since August. Two of the top three dropped points on their travels, and the chasing pack took full advantage.',
      'The pattern is familiar for the time of year: heavy legs, short turnarounds and opponents who have scouted the champions-elect for months. Expected goals told the same story, with the leaders creating their fewest clear chances of the season.',
      'With two meetings between the top four still to come before the winter break, the race is anything but settled. Every one of those games will be streamed live on Pitchside with commentary from our anchors.',
    ],
  },
  {
    category: '足球',
    sport: 'football',
    title: 'Why full-backs now create more chances than wingers',
    summary: 'The inverted winger has pushed the full-back into the role of chief provider, and the numbers show it.',
    paragraphs: [
      'Ten years ago a full-back who registered five assists in a season was an exception. This season four of the league\'s top ten chance creators play in the back four.',
      'The shift follows the rise of the inverted winger. With wide forwards drifting inside to shoot, the touchline is left free for an overlapping full-back to cross or cut the ball back.',
      'It asks a lot of the players: the best of them now cover more ground than any midfielder. Coaches are rotating them more often, and clubs are paying fees for full-backs that used to be reserved for strikers.',
    ],
  },
  {
    category: '篮球',
    sport: 'basketball',
    title: 'The bench unit that is quietly winning games',
    summary: 'Second units rarely make headlines, but one team\'s reserves have the best net rating in the league.',
    paragraphs: [
      'When the starters sit down at the end of the first quarter, most teams hope simply to hold the line. One side has turned those minutes into its biggest weapon.',
      'Its second unit outscores opponents by almost nine points per hundred possessions, pressing full court and running at every chance. Opponents\' starters come back on to find the game has moved away from them.',
      'Depth matters more as the schedule thickens. A bench that can win its own minutes is worth more in March than any single All-Star.',
    ],
  },
  {
    category: '电竞',
    sport: 'esports',
    title: 'Patch notes reshape the jungle: early invades are back',
    summary: 'Faster camp respawns have made level-three invades the opening move of choice.',
    paragraphs: [
      'The first week on the new patch brought first blood almost a minute earlier than before, and the jungle is where games are now decided.',
      'Teams are trading their own camps for early pressure on the enemy jungler, betting that vision control in the mid game will repay the risk.',
      'Analysts expect the trend to last into the play-offs. The teams that adapt fastest will be the ones lifting trophies.',
    ],
  },
  {
    category: '转会',
    sport: 'football',
    title: 'Winter window preview: the positions every club needs',
    summary: 'A month before the window opens, the shopping lists are already clear.',
    paragraphs: [
      'January is seldom the month for headline signings, but for clubs fighting for the title or against relegation the right loan can change a season.',
      'Injuries have left several contenders short at centre-back, while the sides near the bottom are crying out for a striker who scores regularly.',
      'Loans will again dominate. Young players looking for minutes and clubs with an urgent gap tend to find each other in the last week of the window.',
    ],
  },
  {
    category: '深度',
    sport: 'football',
    title: 'The hidden cost of the high press in a winter schedule',
    summary: 'Playing twice a week changes how far pressing teams can run, and how many goals they concede.',
    paragraphs: [
      'From December the big leagues play twice a week, sometimes three times. For teams built on pressing high up the pitch it is the hardest stretch of the year.',
      'The top five pressing sides run about six per cent less in December and January than in the autumn, and concede close to a third more goals.',
      'A deeper squad is the only answer. The clubs that strengthened their midfield rotation in the summer collect points far more efficiently in winter.',
    ],
  },
  {
    category: '深度',
    sport: 'basketball',
    title: 'Big men in the three-point era have found a new job',
    summary: 'As outside shooting breaks records, the centre who passes and protects the rim is in demand again.',
    paragraphs: [
      'Three-point attempts have set a new record again this season, and spacing is now every team\'s default.',
      'Yet the big man has not disappeared. A centre who can pass from the elbow, protect the rim and roll hard to the basket has become the scarcest player in the league.',
      'Teams with such a passing centre score 2.3 points per hundred possessions more than the league average. The game changes; the paint still decides it.',
    ],
  },
];

/** Hand-written features; match reports and previews are composed from the day's fixtures. */
export const featureHeadlines: Array<{ category: string; sport: Sport | null; title: string; summary: string; paragraphs: string[] }> = [
  {
    category: '深度',
    sport: 'football',
    title: '高位逼抢的代价：为什么强队越来越怕冬季赛程',
    summary: '密集赛程下，高强度逼抢带来的体能消耗正在改变各队的轮换策略。',
    paragraphs: [
      '进入冬季，五大联赛普遍迎来一周双赛甚至三赛的密集期。对于以高位逼抢为核心战术的球队来说，这是一年中最难熬的阶段。',
      '数据显示，逼抢强度排名前五的球队，在12月至1月的跑动距离平均下降约6%，失球数则比赛季前段上升近三成。教练组不得不在战术与体能之间寻找平衡。',
      '更深的阵容是唯一的答案。那些在夏窗补强了中场轮换的球队，冬季的积分效率明显更高。',
      '对于球迷而言，这也意味着冬季赛程更容易出现冷门——这正是足球的魅力所在。',
    ],
  },
  {
    category: '深度',
    sport: 'basketball',
    title: '三分时代的内线：大个子如何重新找到位置',
    summary: '当外线出手占比不断刷新纪录，传统中锋正在用新的方式证明自己。',
    paragraphs: [
      '本赛季联盟场均三分出手再创新高，空间型打法几乎成为所有球队的标准配置。',
      '但内线球员并没有消失。能够策应、能够护框、能够在挡拆中顺下的大个子，反而成为各队争抢的稀缺资源。',
      '从数据看，拥有一名高效策应中锋的球队，进攻效率平均高出联盟均值2.3分。',
      '篮球在变化，但篮下的那片区域，依然决定着比赛的走向。',
    ],
  },
  {
    category: '电竞',
    sport: 'esports',
    title: '版本更新后的第一周：LPL打野节奏全面提速',
    summary: '新版本野怪刷新时间调整，前期入侵与反蹲成为比赛的关键。',
    paragraphs: [
      '新版本上线后，LPL首周比赛的平均一血时间提前了近一分钟，打野位的节奏明显加快。',
      '多支队伍选择前期三级入侵，以资源压制换取中期的视野控制。这也让比赛的前十五分钟比以往更加激烈。',
      '分析师认为，这一趋势还会持续到季后赛，能否适应新节奏将直接影响各队的最终排名。',
    ],
  },
  {
    category: '转会',
    sport: 'football',
    title: '冬窗前瞻：各队最需要补强的位置',
    summary: '距离冬季转会窗口开启还有一个月，各队的需求已经逐渐清晰。',
    paragraphs: [
      '冬季转会窗口通常不是大手笔的时机，但对于争冠与保级球队而言，一名合适的球员可能改变整个赛季。',
      '从伤病情况看，多支争冠球队的中卫位置已经亮起红灯，而保级球队则更需要能够稳定进球的前锋。',
      '租借仍将是冬窗的主流方式，年轻球员的出场时间与俱乐部的即时需求往往能够找到交汇点。',
    ],
  },
  {
    category: '足球',
    sport: 'football',
    title: '中超收官在即：争冠与保级悬念仍存',
    summary: '联赛进入最后阶段，积分榜两端的竞争仍然激烈。',
    paragraphs: [
      '本赛季中超联赛即将收官，积分榜前两名的差距依然只有一个胜场。',
      '保级区同样竞争激烈，三支球队的积分差在三分之内，最后几轮的直接对话将决定命运。',
      '无论结果如何，本赛季中超的上座率与转播数据都创下了近年新高，这对中国足球来说是积极的信号。',
    ],
  },
  {
    category: '篮球',
    sport: 'basketball',
    title: 'CBA第二阶段展望：外援调整将成关键',
    summary: '多支球队在休赛期完成外援调整，第二阶段竞争格局或将改变。',
    paragraphs: [
      'CBA常规赛第一阶段结束，积分榜前八的格局基本形成，但差距并不大。',
      '利用窗口期，多支球队完成了外援的更换或补充。新外援的融入速度，将直接影响各队第二阶段的成绩。',
      '年轻本土球员的成长同样值得关注，多名二年级球员的场均得分已经达到两位数。',
    ],
  },
];

export interface PortalPostDef {
  type: 1 | 2 | 3 | 4 | 5 | 6;
  zh: { title: string; paragraphs: string[] };
  en: { title: string; paragraphs: string[] };
  vi: { title: string; paragraphs: string[] };
}

export const portalPosts: PortalPostDef[] = [
  {
    type: 1,
    zh: {
      title: '用户协议',
      paragraphs: [
        '欢迎使用 Pitchside（以下简称“本平台”）。在注册或使用本平台服务之前，请您仔细阅读并充分理解本协议的全部内容。您注册、登录或使用本平台，即表示您已同意本协议。',
        '一、账号注册与使用。您应使用本人手机号注册账号，并对账号下的全部行为负责。请妥善保管密码与支付密码，不得将账号出借、转让或出售给他人。如发现账号被盗用，请立即联系客服。',
        '二、用户行为规范。您在使用直播、弹幕、评论、圈子、私信等功能时，不得发布违反法律法规、侵害他人合法权益、含有色情暴力、赌博、广告引流或人身攻击的内容。本平台有权对违规内容进行删除，并视情节对账号采取禁言、封禁等措施。',
        '三、虚拟物品。黄钻、金币、礼物、贵族与守护等均为本平台提供的虚拟服务，仅限在本平台内使用，不具有现实货币价值，不可兑换为法定货币（主播收益按照相关规则提现的除外）。',
        '四、知识产权。本平台提供的页面设计、标识、文字、图片、视频等内容的知识产权归本平台或相关权利人所有。未经许可，您不得复制、转载或用于商业用途。',
        '五、免责声明。比分、赔率与专家方案等数据仅供参考，不构成任何投注建议。因不可抗力、系统维护或第三方原因导致的服务中断，本平台将尽力恢复，但不承担由此产生的间接损失。',
        '六、协议的修改。本平台可能根据业务调整修改本协议，修改后的协议将在平台公布。若您继续使用本平台，即视为接受修改后的协议。',
      ],
    },
    en: {
      title: 'User Agreement',
      paragraphs: [
        'Welcome to Pitchside (the "Platform"). Please read this agreement carefully before you register for or use the Platform. By registering, logging in or using the Platform you agree to it.',
        '1. Your account. Register with your own mobile number and take responsibility for everything done with your account. Keep your password and payment password safe, and do not lend, transfer or sell your account. Contact customer service at once if your account is misused.',
        '2. Conduct. In live rooms, barrage, comments, circles and private messages you may not post anything unlawful, infringing, pornographic, violent, gambling-related, advertising or abusive. We may remove such content and mute or suspend accounts that post it.',
        '3. Virtual items. Yellow diamonds, coins, gifts, nobility and guard are virtual services usable only on the Platform. They have no cash value and cannot be exchanged for money, except anchors\' income withdrawn under the withdrawal rules.',
        '4. Intellectual property. The design, marks, texts, images and videos of the Platform belong to us or to their owners. Do not copy, republish or use them commercially without permission.',
        '5. Disclaimer. Scores, odds and expert plans are for reference only and are not betting advice. We will restore service as quickly as we can after outages, but are not liable for indirect losses caused by force majeure, maintenance or third parties.',
        '6. Changes. We may change this agreement; the new version is published on the Platform. Continuing to use the Platform means you accept it.',
      ],
    },
    vi: {
      title: "Thỏa thuận người dùng",
      paragraphs: [
        "Chào mừng bạn đến với Pitchside (\"Nền tảng\"). Vui lòng đọc kỹ thỏa thuận này trước khi đăng ký hoặc sử dụng Nền tảng. Khi đăng ký, đăng nhập hoặc sử dụng Nền tảng, bạn đồng ý với thỏa thuận này.",
        "1. Tài khoản. Hãy đăng ký bằng số điện thoại của chính bạn và chịu trách nhiệm về mọi hoạt động của tài khoản. Giữ an toàn mật khẩu và mật khẩu thanh toán; không cho mượn, chuyển nhượng hay bán tài khoản. Liên hệ ngay bộ phận chăm sóc khách hàng nếu tài khoản bị sử dụng trái phép.",
        "2. Quy tắc ứng xử. Trong phòng trực tiếp, bình luận chạy (barrage), bình luận, hội nhóm và tin nhắn riêng, bạn không được đăng nội dung vi phạm pháp luật, xâm phạm quyền của người khác, khiêu dâm, bạo lực, cờ bạc, quảng cáo hoặc lăng mạ. Chúng tôi có quyền gỡ bỏ nội dung đó và cấm chat hoặc khóa tài khoản vi phạm.",
        "3. Vật phẩm ảo. Kim cương vàng, xu, quà tặng, quý tộc và bảo hộ là dịch vụ ảo chỉ dùng trên Nền tảng. Chúng không có giá trị tiền mặt và không thể đổi thành tiền, trừ thu nhập của người dẫn (anchor) được rút theo quy định rút tiền.",
        "4. Sở hữu trí tuệ. Thiết kế, nhãn hiệu, văn bản, hình ảnh và video của Nền tảng thuộc về chúng tôi hoặc chủ sở hữu tương ứng. Không sao chép, đăng lại hay sử dụng vì mục đích thương mại khi chưa được phép.",
        "5. Miễn trừ trách nhiệm. Tỷ số, tỷ lệ kèo và phương án của chuyên gia chỉ mang tính tham khảo, không phải lời khuyên cá cược. Chúng tôi sẽ khôi phục dịch vụ nhanh nhất có thể sau sự cố, nhưng không chịu trách nhiệm về thiệt hại gián tiếp do bất khả kháng, bảo trì hoặc bên thứ ba gây ra.",
        "6. Sửa đổi. Chúng tôi có thể sửa đổi thỏa thuận này; phiên bản mới sẽ được công bố trên Nền tảng. Việc bạn tiếp tục sử dụng Nền tảng đồng nghĩa với việc chấp nhận phiên bản mới.",
      ],
    },
  },
  {
    type: 2,
    zh: {
      title: '隐私政策',
      paragraphs: [
        '本平台非常重视您的个人信息保护。本政策说明我们如何收集、使用、存储和保护您的信息，以及您享有的权利。',
        '一、我们收集的信息。注册时我们收集您的手机号；使用过程中我们会记录您的昵称、头像、关注、观看与互动记录、充值与提现记录；申请主播或专家时，我们会收集您的真实姓名、身份证号与联系方式，仅用于资质审核。',
        '二、信息的使用。我们使用上述信息为您提供登录、直播互动、消息通知、钱包与安全保护等服务，并用于改进产品体验。我们不会将您的个人信息出售给任何第三方。',
        '三、信息的存储与保护。您的密码与支付密码经过不可逆加密存储，登录凭证同样以摘要形式保存。我们采取访问控制、加密传输等措施防止信息泄露。',
        '四、您的权利。您可以在个人中心查看和修改个人资料，也可以联系客服申请注销账号。注销后，我们将依法删除或匿名化处理您的个人信息。',
        '五、未成年人保护。未满十八周岁的用户应在监护人同意与指导下使用本平台，未成年人不得进行充值与打赏。',
      ],
    },
    en: {
      title: 'Privacy Policy',
      paragraphs: [
        'We take the protection of your personal information seriously. This policy explains what we collect, how we use, store and protect it, and your rights.',
        '1. What we collect. Your mobile number when you register; your nickname, avatar, follows, viewing and interaction history, top-ups and withdrawals while you use the Platform; and, when you apply to be an anchor or expert, your real name, ID number and contact details, used only for the review.',
        '2. How we use it. To provide login, live interaction, notifications, wallets and account security, and to improve the product. We never sell your personal information.',
        '3. Storage and protection. Passwords and payment passwords are stored with one-way hashing, and login tokens only as digests. Access control and encrypted transport protect your data.',
        '4. Your rights. You can view and edit your profile in the personal centre, and ask customer service to close your account, after which your personal information is deleted or anonymised as the law requires.',
        '5. Minors. Users under 18 should use the Platform with a guardian\'s consent and guidance, and may not top up or send gifts.',
      ],
    },
    vi: {
      title: "Chính sách bảo mật",
      paragraphs: [
        "Chúng tôi coi trọng việc bảo vệ thông tin cá nhân của bạn. Chính sách này giải thích chúng tôi thu thập những gì, sử dụng, lưu trữ và bảo vệ thông tin ra sao, cùng các quyền của bạn.",
        "1. Thông tin thu thập. Số điện thoại khi bạn đăng ký; biệt danh, ảnh đại diện, danh sách theo dõi, lịch sử xem và tương tác, nạp tiền và rút tiền khi bạn sử dụng Nền tảng; và khi bạn đăng ký làm người dẫn hoặc chuyên gia: họ tên thật, số giấy tờ tùy thân và thông tin liên hệ, chỉ dùng cho việc xét duyệt.",
        "2. Mục đích sử dụng. Để cung cấp đăng nhập, tương tác trực tiếp, thông báo, ví và bảo mật tài khoản, đồng thời cải thiện sản phẩm. Chúng tôi không bao giờ bán thông tin cá nhân của bạn.",
        "3. Lưu trữ và bảo vệ. Mật khẩu và mật khẩu thanh toán được lưu bằng hàm băm một chiều, mã đăng nhập chỉ được lưu dưới dạng bản tóm tắt. Kiểm soát truy cập và truyền tải mã hóa bảo vệ dữ liệu của bạn.",
        "4. Quyền của bạn. Bạn có thể xem và sửa hồ sơ trong trung tâm cá nhân, và yêu cầu bộ phận chăm sóc khách hàng đóng tài khoản; sau đó thông tin cá nhân của bạn sẽ được xóa hoặc ẩn danh theo quy định của pháp luật.",
        "5. Trẻ vị thành niên. Người dùng dưới 18 tuổi nên sử dụng Nền tảng khi có sự đồng ý và hướng dẫn của người giám hộ, và không được nạp tiền hay tặng quà.",
      ],
    },
  },
  {
    type: 3,
    zh: {
      title: '主播直播协议',
      paragraphs: [
        '本协议适用于在本平台申请并开通直播权限的主播。提交主播申请即表示您已阅读并同意本协议。',
        '一、资质要求。主播须年满十八周岁，提交真实有效的身份信息，并保证所提交资料真实、准确、完整。',
        '二、直播内容规范。直播内容应与体育赛事、电竞赛事相关，不得直播未经授权的赛事信号，不得引导观众参与任何形式的赌博，不得发布低俗、暴力或违法内容。直播公告不超过50个字符。',
        '三、收益与结算。观众赠送的礼物按平台规则折算为主播收益，计入收益钱包。主播可绑定本人银行卡或支付账户申请提现，提现需经平台审核。',
        '四、房管与秩序。主播可任命不超过200名房管，协助维护直播间秩序。主播与房管应公正使用禁言、踢出等管理功能。',
        '五、违约处理。违反本协议的，平台有权视情节给予警告、暂停直播、扣除收益直至取消主播资格。',
      ],
    },
    en: {
      title: 'Live Streaming Protocol',
      paragraphs: [
        'This protocol applies to anchors who apply for and receive live-streaming rights on the Platform. Applying means you have read and agree to it.',
        '1. Eligibility. Anchors must be 18 or older and submit true, accurate and complete identity information.',
        '2. Content. Streams should be about sports and esports events. Do not broadcast unlicensed event feeds, encourage any form of gambling, or show vulgar, violent or unlawful content. Room announcements are limited to 50 characters.',
        '3. Income and settlement. Gifts from viewers become anchor income under the Platform\'s rules and are credited to the income wallet. Anchors may withdraw to their own bank card or payment account after review.',
        '4. Room managers. An anchor may appoint up to 200 room managers to keep order, and anchors and managers should use mute and kick-out fairly.',
        '5. Breaches. We may warn, suspend streaming, withhold income or revoke anchor status depending on the breach.',
      ],
    },
    vi: {
      title: "Thỏa thuận phát sóng trực tiếp",
      paragraphs: [
        "Thỏa thuận này áp dụng cho người dẫn đăng ký và được cấp quyền phát sóng trực tiếp trên Nền tảng. Việc nộp đơn đồng nghĩa với việc bạn đã đọc và đồng ý với thỏa thuận.",
        "1. Điều kiện. Người dẫn phải đủ 18 tuổi và cung cấp thông tin nhân thân trung thực, chính xác và đầy đủ.",
        "2. Nội dung. Buổi phát sóng nên xoay quanh các sự kiện thể thao và thể thao điện tử. Không phát tín hiệu trận đấu chưa được cấp phép, không lôi kéo khán giả tham gia bất kỳ hình thức cờ bạc nào, không đưa nội dung thô tục, bạo lực hoặc vi phạm pháp luật. Thông báo của phòng tối đa 50 ký tự.",
        "3. Thu nhập và thanh toán. Quà tặng của khán giả được quy đổi thành thu nhập của người dẫn theo quy định của Nền tảng và ghi vào ví thu nhập. Người dẫn có thể rút về thẻ ngân hàng hoặc tài khoản thanh toán của chính mình sau khi được xét duyệt.",
        "4. Quản lý phòng. Người dẫn có thể chỉ định tối đa 200 quản lý phòng để giữ trật tự; người dẫn và quản lý cần sử dụng chức năng cấm chat và mời ra khỏi phòng một cách công bằng.",
        "5. Vi phạm. Tùy mức độ, chúng tôi có thể cảnh cáo, tạm dừng phát sóng, giữ lại thu nhập hoặc thu hồi tư cách người dẫn.",
      ],
    },
  },
  {
    type: 4,
    zh: {
      title: '充值协议',
      paragraphs: [
        '黄钻是本平台的虚拟货币，可用于赠送礼物、开通贵族与守护、发送彩色弹幕和解锁专家方案。',
        '一、充值比例。1元人民币可兑换1黄钻，部分充值套餐另有赠送，以充值页面展示为准。',
        '二、到账与异常。支付成功后黄钻通常即时到账。如遇支付成功但未到账，请保留支付凭证并联系客服，我们将在核实后补发。同一笔支付只会入账一次。',
        '三、使用规则。黄钻一经充值不可退还，不可转让，不可提现。消费黄钻将同时获得等额的财富经验（1黄钻=1财富值，最小单位0.1）。',
        '四、收益转换。主播收益转换为消费钱包黄钻的操作不可撤销，转换后不可再提现，请在确认后操作。',
        '五、未成年人。未成年人请勿充值。监护人发现未成年人充值的，可联系客服处理。',
      ],
    },
    en: {
      title: 'Recharge Agreement',
      paragraphs: [
        'Yellow diamonds are the Platform\'s virtual currency, used for gifts, nobility and guard, coloured barrage and expert plans.',
        '1. Rate. 1 CNY buys 1 yellow diamond; some packages add a bonus, as shown on the recharge page.',
        '2. Crediting. Diamonds are usually credited as soon as the payment succeeds. If a successful payment is not credited, keep the receipt and contact customer service. A payment is only ever credited once.',
        '3. Use. Diamonds cannot be refunded, transferred or withdrawn. Spending diamonds earns the same amount of wealth experience (1 diamond = 1 point, in steps of 0.1).',
        '4. Conversion. Converting anchor income into consumer diamonds cannot be undone, and converted diamonds cannot be withdrawn. Confirm before converting.',
        '5. Minors. Minors should not top up. Guardians may contact customer service about a minor\'s top-up.',
      ],
    },
    vi: {
      title: "Thỏa thuận nạp tiền",
      paragraphs: [
        "Kim cương vàng là tiền ảo của Nền tảng, dùng để tặng quà, mở quý tộc và bảo hộ, gửi bình luận chạy màu và mở khóa phương án của chuyên gia.",
        "1. Tỷ lệ. 1 CNY đổi được 1 kim cương vàng; một số gói có thêm phần thưởng, theo trang nạp tiền.",
        "2. Ghi có. Kim cương thường được cộng ngay khi thanh toán thành công. Nếu đã thanh toán thành công mà chưa nhận được, hãy giữ biên lai và liên hệ bộ phận chăm sóc khách hàng. Mỗi khoản thanh toán chỉ được ghi có một lần.",
        "3. Sử dụng. Kim cương không thể hoàn lại, chuyển nhượng hay rút ra. Tiêu kim cương sẽ nhận được lượng kinh nghiệm tài phú tương ứng (1 kim cương = 1 điểm, bước 0,1).",
        "4. Quy đổi. Việc quy đổi thu nhập của người dẫn thành kim cương trong ví tiêu dùng không thể hoàn tác, và kim cương đã quy đổi không thể rút. Hãy xác nhận kỹ trước khi quy đổi.",
        "5. Trẻ vị thành niên. Trẻ vị thành niên không nên nạp tiền. Người giám hộ có thể liên hệ bộ phận chăm sóc khách hàng về khoản nạp của trẻ vị thành niên.",
      ],
    },
  },
  {
    type: 5,
    zh: {
      title: '关于我们',
      paragraphs: [
        'Pitchside 是一个面向球迷的体育直播与比分平台，提供足球、篮球、电竞赛事的实时比分、赛程数据、指数变化与主播解说直播。',
        '在这里，你可以跟随喜爱的主播一起看球，用弹幕和礼物为比赛加油；可以在圈子里与同好交流，在资讯频道了解最新动态；也可以阅读专家的赛前分析，形成自己的判断。',
        '我们相信，看球从来不只是看比分。Pitchside 希望让每一场比赛都有人陪你一起看。',
      ],
    },
    en: {
      title: 'About Us',
      paragraphs: [
        'Pitchside is a sports live-streaming and live-score site for fans: real-time scores, fixtures, data and odds movements for football, basketball and esports, and live commentary by anchors.',
        'Watch with your favourite anchors and cheer with barrage and gifts; talk with other fans in circles; catch up in the news channel; read experts\' previews and make up your own mind.',
        'Watching a match was never only about the score. Pitchside wants every match to come with company.',
      ],
    },
    vi: {
      title: "Về chúng tôi",
      paragraphs: [
        "Pitchside là trang phát sóng trực tiếp và tỷ số trực tuyến dành cho người hâm mộ thể thao: tỷ số theo thời gian thực, lịch thi đấu, dữ liệu và biến động tỷ lệ kèo của bóng đá, bóng rổ và thể thao điện tử, cùng phần bình luận trực tiếp của các người dẫn.",
        "Xem cùng những người dẫn bạn yêu thích và cổ vũ bằng bình luận chạy và quà tặng; trò chuyện với người hâm mộ khác trong hội nhóm; cập nhật tin tức; đọc nhận định trước trận của chuyên gia và tự đưa ra đánh giá của mình.",
        "Xem bóng đá chưa bao giờ chỉ là xem tỷ số. Pitchside mong mỗi trận đấu đều có người cùng bạn theo dõi.",
      ],
    },
  },
  {
    type: 6,
    zh: {
      title: '联系我们',
      paragraphs: [
        '客服时间：每天 09:00–24:00。',
        '客服QQ：800012345；客服邮箱：service@pitchside.example。',
        '主播入驻与商务合作：anchor@pitchside.example。',
        '意见反馈：欢迎在个人中心提交反馈，或加入官方反馈QQ群，我们会认真阅读每一条建议。',
        "常见问题：如何成为主播？登录后进入个人中心的“申请主播”，填写实名信息并同意直播协议，审核通过后即可在主播后台开播。",
        "常见问题：充值未到账怎么办？请在个人中心的订单记录中查看订单状态，并将订单号发送给客服，核实后我们会为你补发。",
      ],
    },
    en: {
      title: 'Contact Us',
      paragraphs: [
        'Customer service hours: 09:00–24:00 every day (China Standard Time).',
        'Customer service QQ: 800012345; email: service@pitchside.example.',
        'Becoming an anchor and business enquiries: anchor@pitchside.example.',
        'Feedback: send it from the personal centre or join the official feedback QQ group. We read every suggestion.',
        "FAQ: How do I become an anchor? Log in, open \"Apply to stream\" in the personal centre, fill in your real-name details and agree to the live streaming protocol. Once approved, go on air from the anchor console.",
        "FAQ: My top-up has not arrived. Check the order's status in the personal centre's orders and send its number to customer service; once checked, we credit it.",
      ],
    },
    vi: {
      title: "Liên hệ",
      paragraphs: [
        "Giờ hỗ trợ khách hàng: 09:00–24:00 hằng ngày (giờ Trung Quốc).",
        "QQ hỗ trợ khách hàng: 800012345; email: service@pitchside.example.",
        "Đăng ký làm người dẫn và hợp tác kinh doanh: anchor@pitchside.example.",
        "Góp ý: gửi từ trung tâm cá nhân hoặc tham gia nhóm QQ góp ý chính thức. Chúng tôi đọc mọi đề xuất.",
        "Hỏi đáp: Làm thế nào để trở thành người dẫn? Đăng nhập, mở \"Đăng ký phát sóng\" trong trung tâm cá nhân, điền thông tin thật và đồng ý với thỏa thuận phát sóng trực tiếp. Sau khi được duyệt, hãy lên sóng từ bảng điều khiển người dẫn.",
        "Hỏi đáp: Tiền nạp chưa về? Kiểm tra trạng thái đơn trong mục đơn hàng của trung tâm cá nhân và gửi mã đơn cho bộ phận chăm sóc khách hàng; sau khi xác minh, chúng tôi sẽ ghi có cho bạn.",
      ],
    },
  },
];

/** Readers' comments under the news, by the article's language: reactions a sports site's readers write. */
export const headlineComments: Record<'zh' | 'en', readonly string[]> = {
  zh: [
    '写得很客观，比某些带节奏的号强多了。',
    '数据那段很有说服力，收藏了慢慢看。',
    '昨晚在直播间看的，下半场那波换人确实是转折点。',
    '标题有点夸张，不过内容还行。',
    '主教练这套轮换我一直不太理解，有没有懂的来说说？',
    '冬季赛程真的太密了，伤病只会越来越多。',
    '这篇可以，希望多出点这种深度分析。',
    '中场控制力差太多了，光靠前场个人能力撑不了一个赛季。',
    '现场氛围看得我也想去一次主场了。',
    '裁判那个判罚回看了五遍，我还是觉得不是点球。',
    '下一轮客场才是真正的考验，先别急着吹。',
    '替补席的深度决定了能走多远，这点说得很对。',
    '年轻球员能有这样的表现，未来可期。',
    '盘口开得这么低，庄家也不看好啊。',
    '求作者下次写写防守端的数据。',
    '看完这篇再去看集锦，理解完全不一样了。',
  ],
  en: [
    'Fair write-up. The second-half substitutions changed everything.',
    'Great to see the numbers behind it, not just the usual hot takes.',
    'Watched it live on here last night, the atmosphere came through even on stream.',
    'The headline oversells it a bit, but the analysis is spot on.',
    'Anyone else think the rotation policy is costing them points?',
    'That fixture list over winter is brutal. Injuries are going to decide this.',
    'More pieces like this please, proper tactical detail.',
    'Midfield control was the difference. You cannot press for ninety minutes.',
    'Still not convinced that was a penalty after five replays.',
    'Away trip next week is the real test. Too early to get carried away.',
    'The young lad on the wing looks the real deal.',
    'Would love a follow-up on the defensive numbers.',
  ],
};

/** Replies under a reader's comment on the news, by the article's language. */
export const headlineReplies: Record<'zh' | 'en', readonly string[]> = {
  zh: [
    '同意，换人之后节奏完全不一样了。',
    '不太认同，对手也有体能问题。',
    '哈哈，你这个说法我赞同一半。',
    '数据不会骗人，上半场控球率差了快二十个点。',
    '回看了一下，确实是先碰到球的。',
    '说得好，我也是这么想的。',
    '轮换是为了欧战，没办法。',
    '下场见分晓吧。',
  ],
  en: [
    'Agreed, the tempo was completely different after that.',
    'Not sure about that, the other side were out on their feet too.',
    'Half right. The press dropped off long before the subs came on.',
    'Checked the replay, he got the ball first.',
    'Exactly what I was thinking.',
    'Rotation is about Europe, they have no choice.',
    "We'll find out next week.",
  ],
};
