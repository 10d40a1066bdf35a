import { describe, expect, it } from 'vitest';
import { isFrame, readFrame } from './frame-guard.ts';

describe('frames checked against the contract in the browser', () => {
  it.each([
    ['registered', { code: 101, type: 'registered', connection_id: 'c1', server_time: 1_700_000_000, heartbeat_ms: 30_000, user_id: null }],
    ['heartbeat', { code: 0, type: 'heartbeat', server_time: 1_700_000_000 }],
    ['resync', { code: 0, type: 'resync', streams: ['goal', 'football_match'] }],
    ['QR scan', { code: 200, type: 'scanCode_Login', qr_code: 'abc' }],
    ['700', { code: 700, type: 'session_gone', msg: 'session expired' }],
    ['kick-out', { code: 300, type: 'live_kickout', room_id: 4 }],
  ])('passes a %s frame of SocketServerMessage', (_name, frame) => {
    expect(isFrame('SocketServerMessage', frame)).toBe(true);
  });

  it.each([
    ['a frame of no known type', { code: 0, type: 'hello' }],
    ['a wrong code for its type', { code: 1, type: 'session_gone', msg: 'x' }],
    ['a missing field', { code: 101, type: 'registered', connection_id: 'c1', server_time: 1, heartbeat_ms: 30_000 }],
    ['a fraction where an integer belongs', { code: 300, type: 'live_kickout', room_id: 4.5 }],
    ['an unknown stream in a list', { code: 0, type: 'resync', streams: ['tennis'] }],
    ['a push whose match is empty', { code: 100, type: 'football_match', seq: 1, data: {} }],
    ['a login without its session', { code: 200, type: 'webLoginSuccess', qr_code: 'abc' }],
    ['an array', []],
    ['null', null],
  ])('refuses %s', (_name, frame) => {
    expect(isFrame('SocketServerMessage', frame)).toBe(false);
  });

  it('reads /im answers, and nothing that is not JSON or not an answer', () => {
    expect(readFrame('ImServerMessage', '{"type":"ok","id":3}')).toEqual({ type: 'ok', id: 3 });
    expect(readFrame('ImServerMessage', '{"type":"error","id":0,"msg":"Malformed frame"}')).toEqual({ type: 'error', id: 0, msg: 'Malformed frame' });
    expect(readFrame('ImServerMessage', '{"type":"error","id":0}')).toBeNull();
    expect(readFrame('ImServerMessage', 'not json')).toBeNull();
    expect(readFrame('ImServerMessage', new ArrayBuffer(2))).toBeNull();
  });
});
