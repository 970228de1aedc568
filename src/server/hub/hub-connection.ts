/**
 * One client on a hub: the WebSocket, the handshake, the messages in and out, and the clocks the
 * keep-alive reads. Protocol errors close this connection only, after a Close message that says
 * why. What the methods do is the hub's business (`HubHandlers`).
 */
import { HubMessageType } from '#api/hub.ts';
import type { SignedInUser } from '../users/users.ts';
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
} from './hub-protocol.ts';

/** The parts of a `ws` WebSocket the hub uses. */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

const OPEN = 1;
/** How long a closing socket may take to finish the close handshake before it is cut, ms. */
const CLOSE_GRACE_MS = 1000;

/** A method failure whose message the caller may read. */
export class HubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubError';
  }
}

export interface HubHandlers {
  /** Runs a method; its value is the completion's result. Throw `HubError` for a readable failure. */
  invoke(connection: HubConnection, target: string, args: readonly unknown[]): unknown;
  connected(connection: HubConnection): void;
  disconnected(connection: HubConnection): void;
}

export interface HubLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ConnectionOptions {
  readonly connectionId: string;
  readonly user: SignedInUser;
  readonly maxMessageBytes: number;
  readonly maxBufferedBytes: number;
  readonly handlers: HubHandlers;
  readonly log: HubLog;
  readonly now: () => number;
}

const textOf = (data: Buffer | ArrayBuffer | Buffer[]): string =>
  Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.from(data as ArrayBuffer).toString('utf8');

export class HubConnection {
  readonly connectionId: string;
  readonly user: SignedInUser;
  readonly openedAt: number;
  /** Last message in (any, pings included) and out, epoch ms. */
  lastReceivedAt: number;
  lastSentAt: number;
  readonly #socket: HubSocket;
  readonly #reader: FrameReader;
  readonly #options: ConnectionOptions;
  #handshaken = false;
  #closed = false;

  constructor(socket: HubSocket, options: ConnectionOptions) {
    this.#socket = socket;
    this.#options = options;
    this.connectionId = options.connectionId;
    this.user = options.user;
    this.#reader = new FrameReader(options.maxMessageBytes);
    this.openedAt = options.now();
    this.lastReceivedAt = this.openedAt;
    this.lastSentAt = this.openedAt;
    socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
    socket.on('close', () => this.#ended());
  }

  get handshaken(): boolean {
    return this.#handshaken;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Sends frames as they are; a client that cannot keep up is closed (it may reconnect and start afresh). */
  sendRaw(frames: string): void {
    if (this.#closed || this.#socket.readyState !== OPEN) return;
    if (this.#socket.bufferedAmount > this.#options.maxBufferedBytes) {
      this.close('The connection is too slow for the live updates.', true, CloseCode.PolicyViolation);
      return;
    }
    this.#socket.send(frames);
    this.lastSentAt = this.#options.now();
  }

  /** A push to the client: `target` with `args` (plain values). */
  push(target: string, ...args: unknown[]): void {
    this.sendRaw(invocation(target, JSON.stringify(args)));
  }

  ping(): void {
    if (this.#handshaken) this.sendRaw(PING);
  }

  /** Sends a Close message (after the handshake) and closes the socket; cut after a grace period. */
  close(error?: string, allowReconnect = false, code: number = CloseCode.Normal): void {
    if (this.#closed) return;
    if (this.#handshaken && this.#socket.readyState === OPEN)
      this.#socket.send(closeMessage(error, allowReconnect));
    this.#closeSocket(code, error);
  }

  #closeSocket(code: number, reason?: string): void {
    this.#closed = true;
    // A close reason is limited to 123 bytes.
    this.#socket.close(code, reason?.slice(0, 120));
    setTimeout(() => {
      if (this.#socket.readyState !== 3) this.#socket.terminate();
    }, CLOSE_GRACE_MS).unref();
    this.#ended();
  }

  #ended(): void {
    const wasHandshaken = this.#handshaken;
    this.#handshaken = false;
    this.#closed = true;
    if (wasHandshaken) this.#options.handlers.disconnected(this);
  }

  #receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (this.#closed) return;
    this.lastReceivedAt = this.#options.now();
    try {
      if (isBinary) throw new ProtocolError('Binary frames are not supported: use the JSON protocol.');
      for (const text of this.#reader.push(textOf(data))) {
        if (this.#closed) return;
        if (this.#handshaken) this.#dispatch(text);
        else this.#handshake(text);
      }
    } catch (err) {
      if (!(err instanceof ProtocolError)) {
        // A fault of ours: this connection ends, the server and the other connections carry on.
        this.#options.log.error({ err, connectionId: this.connectionId }, 'hub connection failed');
        this.close('An unexpected error occurred on the server.', true, CloseCode.InternalError);
        return;
      }
      this.#options.log.warn({ connectionId: this.connectionId, reason: err.message }, 'hub protocol error');
      if (this.#handshaken) this.close(err.message, false, err.code);
      else {
        // Before the handshake the client reads only a handshake answer.
        if (this.#socket.readyState === OPEN) this.#socket.send(handshakeFailure(err.message));
        this.#closeSocket(err.code, err.message);
      }
    }
  }

  #handshake(text: string): void {
    const error = handshakeError(text);
    if (error !== null) {
      this.#socket.send(handshakeFailure(error));
      this.#closeSocket(CloseCode.Normal, error);
      return;
    }
    this.#socket.send(HANDSHAKE_OK);
    this.lastSentAt = this.#options.now();
    this.#handshaken = true;
    this.#options.handlers.connected(this);
  }

  #dispatch(text: string): void {
    const message = parseClientMessage(text);
    switch (message.type) {
      case HubMessageType.Invocation:
        if (message.streamIds?.length) this.#fail(message.invocationId, 'Client streams are not supported.');
        else this.#invoke(message.invocationId, message.target, message.arguments);
        return;
      case HubMessageType.StreamInvocation:
        this.#fail(message.invocationId, 'Streaming methods are not supported.');
        return;
      case HubMessageType.Close:
        this.#closeSocket(CloseCode.Normal);
        return;
      case HubMessageType.Ack:
      case HubMessageType.Sequence:
        // Stateful reconnect is never offered, so these cannot be part of a valid conversation.
        throw new ProtocolError('Stateful reconnect is not enabled.');
      default:
        // Pings only refresh the time-out; the server invokes nothing with an id, so there are no
        // client results to read, and nothing streams, so items and cancels have nothing to act on.
        return;
    }
  }

  #fail(invocationId: string | undefined, error: string): void {
    if (invocationId !== undefined) this.sendRaw(completionError(invocationId, error));
  }

  #invoke(invocationId: string | undefined, target: string, args: readonly unknown[]): void {
    let result: unknown;
    try {
      result = this.#options.handlers.invoke(this, target, args);
    } catch (err) {
      if (err instanceof HubError) this.#fail(invocationId, err.message);
      else {
        this.#options.log.error({ err, target, connectionId: this.connectionId }, 'hub method failed');
        this.#fail(invocationId, `An unexpected error occurred invoking '${target}' on the server.`);
      }
      return;
    }
    if (invocationId !== undefined) this.sendRaw(completion(invocationId, result));
  }
}
