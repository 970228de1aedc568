/**
 * The hub protocol module: splitting frames into messages (any chunking, size limits), the
 * handshake's answers, message validation, and the server's frames as the SignalR JSON protocol
 * (HubProtocol.md, version 1) writes them.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CloseCode,
  closeMessage,
  completion,
  completionError,
  FrameReader,
  HANDSHAKE_OK,
  handshakeError,
  handshakeFailure,
  invocation,
  PING,
  ProtocolError,
  parseClientMessage,
  RECORD_SEPARATOR as RS,
} from '#server/hub/hub-protocol.ts';

const errorOf = (f: () => unknown): ProtocolError => {
  try {
    f();
  } catch (err) {
    if (err instanceof ProtocolError) return err;
    throw err;
  }
  throw new Error('no ProtocolError');
};

describe('FrameReader', () => {
  test('one frame with several messages', () => {
    const r = new FrameReader(1000);
    expect(r.push(`{"type":6}${RS}{"type":7}${RS}`)).toEqual(['{"type":6}', '{"type":7}']);
  });

  test('a message split over frames waits for its separator', () => {
    const r = new FrameReader(1000);
    expect(r.push('{"type"')).toEqual([]);
    expect(r.push(`:6}${RS}{"ty`)).toEqual(['{"type":6}']);
    expect(r.push(`pe":7}${RS}`)).toEqual(['{"type":7}']);
  });

  test('any chunking of a stream of messages gives the same messages', () => {
    const message = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes(RS));
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (messages, cuts) => {
          const stream = messages.map((m) => m + RS).join('');
          const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
          const r = new FrameReader(10_000);
          const out: string[] = [];
          let from = 0;
          for (const p of [...points, stream.length]) {
            out.push(...r.push(stream.slice(from, p)));
            from = p;
          }
          expect(out).toEqual(messages);
        },
      ),
    );
  });

  test('a message over the limit, complete or still arriving, is TooBig; exactly at the limit passes', () => {
    const r = new FrameReader(10);
    expect(r.push(`${'a'.repeat(10)}${RS}`)).toEqual(['a'.repeat(10)]);
    expect(errorOf(() => new FrameReader(10).push(`${'a'.repeat(11)}${RS}`)).code).toBe(CloseCode.TooBig);
    expect(errorOf(() => new FrameReader(10).push('a'.repeat(11))).code).toBe(CloseCode.TooBig);
    // Bytes, not characters: 'é' is two bytes in UTF-8.
    expect(errorOf(() => new FrameReader(3).push(`éé${RS}`)).message).toBe('Message larger than 3 bytes.');
  });

  test('an empty message is a protocol error', () => {
    expect(errorOf(() => new FrameReader(10).push(RS)).code).toBe(CloseCode.ProtocolError);
  });
});

describe('handshake', () => {
  test('json version 1 is accepted; anything else gets the reason', () => {
    expect(handshakeError('{"protocol":"json","version":1}')).toBeNull();
    expect(handshakeError('{"protocol":"messagepack","version":1}')).toBe(
      "Requested protocol 'messagepack' is not available.",
    );
    expect(handshakeError('{"protocol":"json","version":2}')).toBe(
      "The server does not support version 2 of the 'json' protocol.",
    );
  });

  test('a malformed handshake is a protocol error', () => {
    for (const text of ['', 'x', '{}', '{"protocol":"json"}', '{"type":6}', '[]'])
      expect(errorOf(() => handshakeError(text)).message).toMatch(/handshake|JSON/);
  });

  test('answers end with the record separator and carry no type', () => {
    expect(HANDSHAKE_OK).toBe(`{}${RS}`);
    expect(handshakeFailure('no')).toBe(`{"error":"no"}${RS}`);
  });
});

describe('client messages', () => {
  test('every message type the client sends is read', () => {
    expect(
      parseClientMessage('{"type":1,"invocationId":"1","target":"registerTrade","arguments":[1,"a"]}'),
    ).toEqual({
      type: 1,
      invocationId: '1',
      target: 'registerTrade',
      arguments: [1, 'a'],
    });
    expect(parseClientMessage('{"type":1,"target":"x","arguments":[]}')).toEqual({
      type: 1,
      target: 'x',
      arguments: [],
    });
    expect(parseClientMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseClientMessage('{"type":7,"error":"bye"}')).toEqual({ type: 7, error: 'bye' });
    expect(parseClientMessage('{"type":5,"invocationId":"3"}')).toEqual({ type: 5, invocationId: '3' });
    expect(parseClientMessage('{"type":3,"invocationId":"3","result":2}')).toMatchObject({
      type: 3,
      result: 2,
    });
  });

  test('malformed, ill-shaped and unknown messages are protocol errors', () => {
    const cases: [string, string][] = [
      ['{"type":1,', 'Message is not valid JSON.'],
      ['{"type":1,"arguments":[]}', 'Invalid message.'],
      ['{"type":1,"target":"x","arguments":{}}', 'Invalid message.'],
      ['{"type":1,"target":"","arguments":[]}', 'Invalid message.'],
      ['{"type":"1"}', 'Invalid message.'],
      ['null', 'Invalid message.'],
      ['{"type":42}', 'Unknown message type 42.'],
    ];
    for (const [text, message] of cases)
      expect(errorOf(() => parseClientMessage(text)).message).toBe(message);
  });
});

describe('server frames', () => {
  const parse = (frame: string) => {
    expect(frame.endsWith(RS)).toBe(true);
    expect(frame.slice(0, -1)).not.toContain(RS);
    return JSON.parse(frame.slice(0, -1)) as unknown;
  };

  test('a push has no invocation id, so the client does not answer it', () => {
    expect(parse(invocation('onQuotes', '[[1],{"seq":2}]'))).toEqual({
      type: 1,
      target: 'onQuotes',
      arguments: [[1], { seq: 2 }],
    });
  });

  test('completions carry a result, nothing (void) or an error, never both', () => {
    expect(parse(completion('1', { a: 1 }))).toEqual({ type: 3, invocationId: '1', result: { a: 1 } });
    expect(parse(completion('1', null))).toEqual({ type: 3, invocationId: '1', result: null });
    expect(parse(completion('1', undefined))).toEqual({ type: 3, invocationId: '1' });
    expect(parse(completionError('1', 'bad'))).toEqual({ type: 3, invocationId: '1', error: 'bad' });
  });

  test('ping and close', () => {
    expect(parse(PING)).toEqual({ type: 6 });
    expect(parse(closeMessage())).toEqual({ type: 7 });
    expect(parse(closeMessage('why'))).toEqual({ type: 7, error: 'why' });
    expect(parse(closeMessage(undefined, true))).toEqual({ type: 7, allowReconnect: true });
  });
});
