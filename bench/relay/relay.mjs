// A plain WebSocket relay: the bar for Strata's live fan-out (bench/live runs
// both under the same load). Rooms by map; what each socket sends goes to its
// room, batched every 50 ms. It speaks just enough of the live protocol for
// that load: a socket opened with ?map_id=M&user=U sends pointer frames
// {"event":"update_user_state","data":{"x":…,"y":…}}, and the room's batch is
// the updated_user_state frame Strata sends, {"id":U,"x":…,"y":…} per sender.
// As in Strata, a sender's latest message of the window is the one forwarded
// and the batch goes to every socket of the room, so that both servers send
// the same number of frames of the same size. The text is never parsed.
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2] ?? 8090);
const rooms = new Map(); // map id → { sockets: Set, latest: Map(user → entry) }
const wss = new WebSocketServer({ host: '127.0.0.1', port, perMessageDeflate: false });

wss.on('connection', (ws, req) => {
  const query = new URL(req.url, 'http://relay').searchParams;
  const mapId = query.get('map_id');
  const user = query.get('user');
  let room = rooms.get(mapId);
  if (!room) rooms.set(mapId, (room = { sockets: new Set(), latest: new Map() }));
  room.sockets.add(ws);
  const head = `{"id":${user},`;
  ws.on('message', (data) => {
    const text = data.toString();
    const at = text.indexOf('"data":{');
    if (at >= 0) room.latest.set(user, head + text.slice(at + 8, -1));
  });
  ws.on('close', () => {
    room.sockets.delete(ws);
    if (room.sockets.size === 0) rooms.delete(mapId);
  });
});

setInterval(() => {
  for (const room of rooms.values()) {
    if (room.latest.size === 0) continue;
    // Encoded once: a string would be turned into bytes again for each socket.
    const frame = Buffer.from(`{"event":"updated_user_state","data":{"users":[${[...room.latest.values()].join(',')}]}}`);
    room.latest.clear();
    for (const ws of room.sockets) ws.send(frame, { binary: false });
  }
}, 50);

wss.on('listening', () => console.log(`relay listening on 127.0.0.1:${port}`));
