import { connect } from 'node:net';

/**
 * A raw HTTP/1.1 client for the HTTP-layer tests: app.inject skips Node's parser, so malformed
 * request lines, bad chunking or oversized headers can only be sent over a real socket.
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Every byte the server sent, to check that nothing followed the one reply. */
  raw: string;
}

/** Parses the first response out of `raw` once its headers and Content-Length body have arrived. */
function parseResponse(all: Buffer): RawResponse | undefined {
  let raw = all;
  // Interim replies (100 Continue) have no body: the answer is the reply after them.
  while (/^HTTP\/1\.1 1\d\d /.test(raw.toString('latin1', 0, 13)) && raw.includes('\r\n\r\n'))
    raw = raw.subarray(raw.indexOf('\r\n\r\n') + 4);
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  const body = raw.subarray(end + 4);
  if (!Number.isInteger(length) || body.length < length) return undefined;
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: body.subarray(0, length).toString('utf8'),
    raw: all.toString('utf8'),
  };
}

/**
 * Writes `chunks` to 127.0.0.1:`port` and resolves with the server's reply once the server closes the
 * connection (or, with `untilReply`, as soon as one complete reply has arrived).
 */
export function rawRequest(
  port: number,
  chunks: (string | Buffer)[],
  options: { untilReply?: boolean } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      for (const chunk of chunks)
        socket.write(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
    });
    const finish = () => {
      const parsed = parseResponse(Buffer.concat(received));
      if (parsed) resolve(parsed);
      else reject(new Error(`no complete HTTP reply: ${JSON.stringify(Buffer.concat(received).toString())}`));
    };
    socket.on('data', (data) => {
      received.push(data);
      if (options.untilReply && parseResponse(Buffer.concat(received))) {
        socket.destroy();
        finish();
      }
    });
    // A reset after the reply still leaves the reply readable; only a reply-less reset fails.
    socket.on('error', () => {});
    socket.on('close', finish);
  });
}
