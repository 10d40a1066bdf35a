import WebSocket from 'ws';

// The room viewers of the load benches: `/im` connections that log in and join a live room's chat.

export function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws)).once('error', reject);
  });
}

/** Logs in and joins the group; resolves once the join is answered. */
export function joinGroup(ws: WebSocket, login: { userID: string; userSig: string }, groupID: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const text = String(data);
      if (text.includes('"group_joined"')) {
        ws.off('message', onMessage);
        resolve();
      } else if (text.includes('"error"')) reject(new Error(text));
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id: 1, type: 'login', ...login }));
    ws.send(JSON.stringify({ id: 2, type: 'join_group', groupID }));
  });
}
