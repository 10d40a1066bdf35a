// Catalogue of the demo world, read only by the seed (server/seed): lines the demo chats and live
// rooms are filled with.

export const chatLines = {
  viewerToAnchor: ['主播今晚几点开播？', '刚才那个进球解说太燃了！', '下场比赛你看好谁？'],
  anchorToViewer: ['八点准时开播，记得来哦～', '哈哈谢谢支持！', '我看好主队，主场优势太明显了。'],
  fanGroup: ['今晚谁来看球？', '主播开播啦，冲！', '这场必须赢！', '粉丝群的兄弟们晚上好', '红包手气不错哈哈', '明天的比赛也一起看'],
};
