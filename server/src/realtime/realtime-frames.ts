/**
 * The Phoenix frames of Supabase Realtime (realtime-compat §1): vsn 2.0.0 JSON arrays
 * `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 JSON objects, and the binary broadcast
 * push (kind 3) the 2.0.0 client sends. The server only ever sends text (§1.4).
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

const USER_BROADCAST_PUSH = 3;
const JSON_ENCODING = 1;

const refOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A client frame, or null when it is not one (the caller ignores it). */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame | null {
  if (isBinary) return decodeBroadcastPush(data);
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0' && Array.isArray(value) && value.length === 5) {
    const [joinRef, ref, topic, event, payload] = value;
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload: objectOf(payload) };
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (typeof v.topic !== 'string' || typeof v.event !== 'string') return null;
    return {
      joinRef: refOf(v.join_ref),
      ref: refOf(v.ref),
      topic: v.topic,
      event: v.event,
      payload: objectOf(v.payload),
    };
  }
  return null;
}

/**
 * Kind 3: the byte 3, length bytes of join_ref, ref, topic, event and meta, an encoding byte,
 * those strings, then the user's payload (realtime-compat §1.3). Read as a `broadcast` push
 * `{type: 'broadcast', event, payload}`, the shape 1.0.0 sends as text.
 */
function decodeBroadcastPush(data: Buffer): Frame | null {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return null;
  const [joinRefLength, refLength, topicLength, eventLength, metaLength, encoding] = data.subarray(1, 7);
  let offset = 7;
  const take = (length: number | undefined) => {
    const text = data.subarray(offset, offset + (length ?? 0)).toString('latin1');
    offset += length ?? 0;
    return text;
  };
  const joinRef = take(joinRefLength);
  const ref = take(refLength);
  const topic = take(topicLength);
  const event = take(eventLength);
  take(metaLength);
  if (offset > data.length) return null;
  const body = data.subarray(offset);
  let payload: unknown = null;
  if (encoding === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return null;
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload },
  };
}

/** A server frame as text in the socket's protocol version; refs stay strings (§10.1). */
export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  }
  return JSON.stringify({
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
    ref: frame.ref,
    join_ref: frame.joinRef,
  });
}

/**
 * A server text frame as the bytes a WebSocket carries (RFC 6455 §5.2: FIN, opcode 1 text,
 * unmasked, the 7-, 16- or 64-bit length), built once per broadcast so that every socket it
 * goes to is one write of the same bytes, with no framing of its own (decision 012 amendment).
 */
export function websocketTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const bytes = Buffer.allocUnsafe(header + length);
  bytes[0] = 0x81;
  if (length < 126) bytes[1] = length;
  else if (length < 65_536) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeBigUInt64BE(BigInt(length), 2);
  }
  bytes.write(text, header, 'utf8');
  return bytes;
}
