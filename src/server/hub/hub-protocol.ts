/**
 * The SignalR hub protocol as this server speaks it (docs/LIVE.md): JSON only, version 1; every
 * message is one JSON text followed by the record separator 0x1E, and one WebSocket text frame
 * may carry several. Pure functions and one small buffer class, no I/O: the connection decides
 * what a `ProtocolError` does (it closes that connection only).
 */
import { type ClientMessage, HubMessageType } from '#api/hub.ts';
import { clientMessageSchema, handshakeRequestSchema } from '#api/hub-schemas.ts';

export const RECORD_SEPARATOR = '\x1e';

/** WebSocket close codes the hub uses (RFC 6455 §7.4.1). */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  ProtocolError: 1002,
  PolicyViolation: 1008,
  TooBig: 1009,
  InternalError: 1011,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** A frame that breaks the protocol: the connection sends `message` in a Close and closes with `code`. */
export class ProtocolError extends Error {
  readonly code: CloseCode;
  constructor(message: string, code: CloseCode = CloseCode.ProtocolError) {
    super(message);
    this.name = 'ProtocolError';
    this.code = code;
  }
}

const tooLarge = (max: number) => new ProtocolError(`Message larger than ${max} bytes.`, CloseCode.TooBig);

/** UTF-8 size of `text`, without encoding it when the length alone decides. */
function exceeds(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return Buffer.byteLength(text, 'utf8') > maxBytes;
}

/**
 * Splits incoming text into messages. A message may arrive across frames: the part after the last
 * separator waits for the next frame. A message (or a waiting part) over the limit is an error.
 */
export class FrameReader {
  readonly #maxBytes: number;
  #partial = '';

  constructor(maxMessageBytes: number) {
    this.#maxBytes = maxMessageBytes;
  }

  /** The complete messages that `text` finishes, in order. */
  push(text: string): string[] {
    const parts = (this.#partial + text).split(RECORD_SEPARATOR);
    this.#partial = parts.pop() ?? '';
    if (exceeds(this.#partial, this.#maxBytes)) throw tooLarge(this.#maxBytes);
    for (const part of parts) {
      if (exceeds(part, this.#maxBytes)) throw tooLarge(this.#maxBytes);
      if (part === '') throw new ProtocolError('Empty message.');
    }
    return parts;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProtocolError('Message is not valid JSON.');
  }
}

/** The answer to a handshake: null when accepted, else the error the client is told. */
export function handshakeError(text: string): string | null {
  const parsed = handshakeRequestSchema.safeParse(parseJson(text));
  if (!parsed.success) throw new ProtocolError('Invalid handshake request.');
  const { protocol, version } = parsed.data;
  if (protocol !== 'json') return `Requested protocol '${protocol}' is not available.`;
  if (version !== 1) return `The server does not support version ${version} of the 'json' protocol.`;
  return null;
}

/** A message after the handshake, checked against the protocol's shapes. */
export function parseClientMessage(text: string): ClientMessage {
  const value = parseJson(text);
  const parsed = clientMessageSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const type = (value as { type?: unknown } | null)?.type;
  throw new ProtocolError(
    typeof type === 'number' && !Object.values(HubMessageType).includes(type as never)
      ? `Unknown message type ${type}.`
      : 'Invalid message.',
  );
}

// --- server → client --------------------------------------------------------------------------

export const HANDSHAKE_OK = `{}${RECORD_SEPARATOR}`;
export const PING = `{"type":${HubMessageType.Ping}}${RECORD_SEPARATOR}`;

export const handshakeFailure = (error: string): string => JSON.stringify({ error }) + RECORD_SEPARATOR;

/**
 * A push (no invocation id, so the client must not answer). `argumentsJson` is the JSON array of
 * arguments, already serialized: the trades hub builds it from cached fragments.
 */
export function invocation(target: string, argumentsJson: string): string {
  return `{"type":${HubMessageType.Invocation},"target":${JSON.stringify(target)},"arguments":${argumentsJson}}${RECORD_SEPARATOR}`;
}

/** A method's result; `undefined` for a void method (no `result` field). */
export function completion(invocationId: string, result: unknown): string {
  return (
    JSON.stringify(
      result === undefined
        ? { type: HubMessageType.Completion, invocationId }
        : { type: HubMessageType.Completion, invocationId, result },
    ) + RECORD_SEPARATOR
  );
}

/** A method's failure: a short message for the caller, never a stack trace. */
export function completionError(invocationId: string, error: string): string {
  return JSON.stringify({ type: HubMessageType.Completion, invocationId, error }) + RECORD_SEPARATOR;
}

/** The server ends the connection; `allowReconnect` lets the client's automatic reconnect start. */
export function closeMessage(error?: string, allowReconnect = false): string {
  return (
    JSON.stringify({
      type: HubMessageType.Close,
      ...(error ? { error } : {}),
      ...(allowReconnect ? { allowReconnect } : {}),
    }) + RECORD_SEPARATOR
  );
}
