// Generated from openapi.yaml by scripts/gen-frame-schemas.ts (npm run gen). Do not edit.

import type { FrameSchema } from './frame-schema.ts';

export type SocketFrameSchemaName =
  | 'AsianHandicapPrices'
  | 'GoalEvent'
  | 'ImageUrl'
  | 'LiveMatchBrief'
  | 'LiveStatus'
  | 'LiveType'
  | 'LoginSession'
  | 'MatchChange'
  | 'MatchMomentum'
  | 'MatchPhase'
  | 'MatchSport'
  | 'MemberProfile'
  | 'MomentumPoint'
  | 'NobilityBadge'
  | 'OddsChange'
  | 'OneXTwoPrices'
  | 'OverUnderPrices'
  | 'SocketError'
  | 'SocketExponentPush'
  | 'SocketGoalPush'
  | 'SocketHeartbeatReply'
  | 'SocketLiveAlert'
  | 'SocketLiveKickout'
  | 'SocketMatchPush'
  | 'SocketMomentumPush'
  | 'SocketQrBound'
  | 'SocketQrLoginSuccess'
  | 'SocketQrScanned'
  | 'SocketRegistered'
  | 'SocketResync'
  | 'SocketSeq'
  | 'SocketServerMessage'
  | 'SocketSessionGone'
  | 'SocketStream'
  | 'Timestamp'
  | 'UserSex';

export const socketFrameSchemas: Readonly<Record<SocketFrameSchemaName, FrameSchema<SocketFrameSchemaName>>> = {
  AsianHandicapPrices: {"type":"object","required":["home","line","away"],"properties":{"home":{"type":"number"},"line":{"type":"number"},"away":{"type":"number"}}},
  GoalEvent: {"type":"object","required":["match_id","league_name","league_name_en","kind","iszhu","match_str","home_team_name_zh","home_team_name_en","away_team_name_zh","away_team_name_en","home_score","away_score"],"properties":{"match_id":{"type":"integer"},"league_name":{"type":"string"},"league_name_en":{"type":"string"},"kind":{"type":"string","enum":["goal","red_card","yellow_card"]},"iszhu":{"type":"integer","enum":[0,1]},"match_str":{"type":"string"},"home_team_name_zh":{"type":"string"},"home_team_name_en":{"type":"string"},"away_team_name_zh":{"type":"string"},"away_team_name_en":{"type":"string"},"home_score":{"type":"integer"},"away_score":{"type":"integer"}}},
  ImageUrl: {"type":"string"},
  LiveMatchBrief: {"type":"object","required":["id","type","short_name_zh","league_name_en","home_team_name_zh","home_team_name_en","home_team_logo","away_team_name_zh","away_team_name_en","away_team_logo","home_score","away_score","status","match_time"],"properties":{"id":{"type":"integer"},"type":{"$ref":"LiveType"},"short_name_zh":{"type":"string"},"league_name_en":{"type":"string"},"home_team_name_zh":{"type":"string"},"home_team_name_en":{"type":"string"},"home_team_logo":{"$ref":"ImageUrl"},"away_team_name_zh":{"type":"string"},"away_team_name_en":{"type":"string"},"away_team_logo":{"$ref":"ImageUrl"},"home_score":{"type":"integer"},"away_score":{"type":"integer"},"status":{"$ref":"LiveStatus"},"match_str":{"type":"string"},"match_time":{"$ref":"Timestamp"}}},
  LiveStatus: {"type":"string","enum":["not_started","in_progress","over"]},
  LiveType: {"type":"integer","enum":[1,2,3]},
  LoginSession: {"type":"object","required":["token","id","userSig","profile"],"properties":{"token":{"type":"string"},"id":{"type":"integer"},"userSig":{"type":"string"},"profile":{"$ref":"MemberProfile"}}},
  MatchChange: {"type":"object","required":["id","sport"],"properties":{"id":{"type":"integer"},"sport":{"$ref":"MatchSport"},"home_score":{"type":"integer"},"away_score":{"type":"integer"},"home_half_score":{"type":["integer","null"]},"away_half_score":{"type":["integer","null"]},"period_scores":{"type":"array","items":{"type":"object","required":["phase","home_score","away_score"],"properties":{"phase":{"$ref":"MatchPhase"},"home_score":{"type":"integer"},"away_score":{"type":"integer"}}}},"status":{"$ref":"LiveStatus"},"phase":{"$ref":"MatchPhase"},"minute":{"type":["integer","null"]},"match_str":{"type":"string"},"home_red_cards":{"type":"integer"},"away_red_cards":{"type":"integer"},"home_yellow_cards":{"type":"integer"},"away_yellow_cards":{"type":"integer"},"home_corners":{"type":"integer"},"away_corners":{"type":"integer"},"anchor_count":{"type":"integer"}}},
  MatchMomentum: {"type":"object","required":["match_id","kind","points"],"properties":{"match_id":{"type":"integer"},"kind":{"type":"string","enum":["pressure","lead"]},"points":{"type":"array","items":{"$ref":"MomentumPoint"}}}},
  MatchPhase: {"type":"string","enum":["not_started","first_half","half_time","second_half","extra_time","penalties","q1","q2","q3","q4","quarter_break","overtime","map_1","map_2","map_3","map_4","map_5","map_6","map_7","map_break","interrupted","finished","postponed","abandoned","cancelled"]},
  MatchSport: {"type":"string","enum":["football","basketball","esports"]},
  MemberProfile: {"type":"object","required":["id","user_nickname","avatar","signature","sex","mobile","balance","income_balance","coins","level","experience","next_level_experience","exp_icon","is_anchor","anchor_level","anchor_experience","is_expert","room_id","nobility","free_horns","follow_count","fan_count","has_payment_password","invite_code","created_at"],"properties":{"id":{"type":"integer"},"user_nickname":{"type":"string"},"avatar":{"$ref":"ImageUrl"},"signature":{"type":"string"},"sex":{"$ref":"UserSex"},"mobile":{"type":"string"},"balance":{"type":"number"},"income_balance":{"type":"number"},"coins":{"type":"number"},"level":{"type":"integer"},"experience":{"type":"number"},"next_level_experience":{"type":["number","null"]},"exp_icon":{"$ref":"ImageUrl"},"is_anchor":{"type":"integer","enum":[0,1]},"anchor_level":{"type":["integer","null"]},"anchor_experience":{"type":"number"},"is_expert":{"type":"integer","enum":[0,1]},"room_id":{"type":["integer","null"]},"nobility":{"oneOf":[{"$ref":"NobilityBadge"},{"type":"null"}]},"free_horns":{"type":"integer"},"follow_count":{"type":"integer"},"fan_count":{"type":"integer"},"has_payment_password":{"type":"integer","enum":[0,1]},"invite_code":{"type":"string"},"created_at":{"$ref":"Timestamp"}}},
  MomentumPoint: {"type":"object","required":["t","minute","added_minute","period","home","away","value"],"properties":{"t":{"type":"integer"},"minute":{"type":"integer"},"added_minute":{"type":"integer"},"period":{"type":"integer"},"home":{"type":"integer"},"away":{"type":"integer"},"value":{"type":"integer"}}},
  NobilityBadge: {"type":"object","required":["tier_id","name","icon","expires_at"],"properties":{"tier_id":{"type":"integer"},"name":{"type":"string"},"icon":{"$ref":"ImageUrl"},"expires_at":{"$ref":"Timestamp"}}},
  OddsChange: {"type":"object","required":["match_id","company_id","updated_at"],"properties":{"match_id":{"type":"integer"},"company_id":{"type":"integer"},"company_name":{"type":"string"},"company_name_en":{"type":"string"},"asian_handicap":{"type":"object","required":["current"],"properties":{"initial":{"oneOf":[{"$ref":"AsianHandicapPrices"},{"type":"null"}]},"current":{"oneOf":[{"$ref":"AsianHandicapPrices"},{"type":"null"}]}}},"over_under":{"type":"object","required":["current"],"properties":{"initial":{"oneOf":[{"$ref":"OverUnderPrices"},{"type":"null"}]},"current":{"oneOf":[{"$ref":"OverUnderPrices"},{"type":"null"}]}}},"one_x_two":{"type":"object","required":["current"],"properties":{"initial":{"oneOf":[{"$ref":"OneXTwoPrices"},{"type":"null"}]},"current":{"oneOf":[{"$ref":"OneXTwoPrices"},{"type":"null"}]}}},"suspended":{"type":"boolean"},"updated_at":{"$ref":"Timestamp"}}},
  OneXTwoPrices: {"type":"object","required":["home","draw","away"],"properties":{"home":{"type":"number"},"draw":{"type":["number","null"]},"away":{"type":"number"}}},
  OverUnderPrices: {"type":"object","required":["over","line","under"],"properties":{"over":{"type":"number"},"line":{"type":"number"},"under":{"type":"number"}}},
  SocketError: {"type":"object","required":["code","type","msg"],"properties":{"code":{"type":"integer","const":1},"type":{"type":"string","const":"error"},"msg":{"type":"string"},"qr_code":{"type":"string"}}},
  SocketExponentPush: {"type":"object","required":["code","type","seq","data"],"properties":{"code":{"type":"integer","const":100},"type":{"type":"string","enum":["football_exponent","basketball_exponent"]},"seq":{"$ref":"SocketSeq"},"data":{"$ref":"OddsChange"}}},
  SocketGoalPush: {"type":"object","required":["code","type","seq","data"],"properties":{"code":{"type":"integer","const":100},"type":{"type":"string","const":"goal"},"seq":{"$ref":"SocketSeq"},"data":{"$ref":"GoalEvent"}}},
  SocketHeartbeatReply: {"type":"object","required":["code","type","server_time"],"properties":{"code":{"type":"integer","const":0},"type":{"type":"string","const":"heartbeat"},"server_time":{"$ref":"Timestamp"}}},
  SocketLiveAlert: {"type":"object","required":["code","type","kind"],"properties":{"code":{"type":"integer","const":310},"type":{"type":"string","const":"live_alert"},"kind":{"type":"string","enum":["anchor_live","match_kickoff"]},"room_id":{"type":"integer"},"anchor":{"type":"object","required":["id","user_nickname"],"properties":{"id":{"type":"integer"},"user_nickname":{"type":"string"}}},"title":{"type":"string"},"match":{"$ref":"LiveMatchBrief"}}},
  SocketLiveKickout: {"type":"object","required":["code","type","room_id"],"properties":{"code":{"type":"integer","const":300},"type":{"type":"string","const":"live_kickout"},"room_id":{"type":"integer"}}},
  SocketMatchPush: {"type":"object","required":["code","type","seq","data"],"properties":{"code":{"type":"integer","const":100},"type":{"type":"string","enum":["football_match","basketball_match","esports_match"]},"seq":{"$ref":"SocketSeq"},"data":{"$ref":"MatchChange"}}},
  SocketMomentumPush: {"type":"object","required":["code","type","seq","data"],"properties":{"code":{"type":"integer","const":100},"type":{"type":"string","enum":["football_momentum","basketball_momentum"]},"seq":{"$ref":"SocketSeq"},"data":{"$ref":"MatchMomentum"}}},
  SocketQrBound: {"type":"object","required":["code","type","qr_code"],"properties":{"code":{"type":"integer","const":0},"type":{"type":"string","const":"qr_bound"},"qr_code":{"type":"string"}}},
  SocketQrLoginSuccess: {"type":"object","required":["code","type","qr_code","data"],"properties":{"code":{"type":"integer","const":200},"type":{"type":"string","const":"webLoginSuccess"},"qr_code":{"type":"string"},"data":{"$ref":"LoginSession"}}},
  SocketQrScanned: {"type":"object","required":["code","type","qr_code"],"properties":{"code":{"type":"integer","const":200},"type":{"type":"string","const":"scanCode_Login"},"qr_code":{"type":"string"}}},
  SocketRegistered: {"type":"object","required":["code","type","connection_id","server_time","heartbeat_ms","user_id"],"properties":{"code":{"type":"integer","const":101},"type":{"type":"string","const":"registered"},"connection_id":{"type":"string"},"server_time":{"$ref":"Timestamp"},"heartbeat_ms":{"type":"integer"},"user_id":{"type":["integer","null"]}}},
  SocketResync: {"type":"object","required":["code","type","streams"],"properties":{"code":{"type":"integer","const":0},"type":{"type":"string","const":"resync"},"streams":{"type":"array","items":{"$ref":"SocketStream"}}}},
  SocketSeq: {"type":"integer"},
  SocketServerMessage: {"oneOf":[{"$ref":"SocketRegistered"},{"$ref":"SocketMatchPush"},{"$ref":"SocketExponentPush"},{"$ref":"SocketGoalPush"},{"$ref":"SocketMomentumPush"},{"$ref":"SocketQrBound"},{"$ref":"SocketQrScanned"},{"$ref":"SocketQrLoginSuccess"},{"$ref":"SocketSessionGone"},{"$ref":"SocketLiveKickout"},{"$ref":"SocketLiveAlert"},{"$ref":"SocketHeartbeatReply"},{"$ref":"SocketResync"},{"$ref":"SocketError"}]},
  SocketSessionGone: {"type":"object","required":["code","type","msg"],"properties":{"code":{"type":"integer","const":700},"type":{"type":"string","const":"session_gone"},"msg":{"type":"string"}}},
  SocketStream: {"type":"string","enum":["football_match","football_exponent","basketball_match","basketball_exponent","esports_match","goal","football_momentum","basketball_momentum"]},
  Timestamp: {"type":"integer"},
  UserSex: {"type":"integer","enum":[0,1,2]},
};
