/**
 * A request node:http cannot parse (a control character in a header, a broken request line or chunk) never reaches
 * the app, so Node answered it with a bare `400 Bad Request`: no body, no Content-Type, no X-Request-Id. The
 * server's `clientError` answers it instead as every other 400 is answered, with the catalogue's error body, on the
 * API and the admin API alike (which one the request was for is not known: its bytes did not parse). What Node
 * answers with another status (431 for headers too large, 413, 408 for a request timeout) it still answers so.
 */
import type { Socket } from 'node:net';
import { ID_PREFIX } from '../domain/ids.ts';
import { failure } from '../errors/failures.ts';
import { renderReply } from '../http/send-reply.ts';
import { isLingering, lingerOnSocket } from '../http/linger.ts';
import type { Random } from '../platform/random.ts';

/** Node's own answers to the parse errors that are not a malformed request (lib/_http_server.js). */
const NODE_ANSWERS: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

export function answerClientError(random: Random): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    // Answered already: the parser refuses each later chunk of the body the drain is waiting out.
    if (isLingering(socket)) return;
    // A reset socket has no one to answer; a response already under way cannot be replaced.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage?.headersSent) {
      socket.destroy(error);
      return;
    }
    const nodeAnswer = NODE_ANSWERS[error.code ?? ''];
    socket.end(nodeAnswer ? `HTTP/1.1 ${nodeAnswer}\r\nConnection: close\r\n\r\n` : malformedRequestAnswer(random));
    // The client may still be sending (a body after a header too large): it must read the answer first.
    lingerOnSocket(socket);
  };
}

function malformedRequestAnswer(random: Random): string {
  const rendered = renderReply({ requestId: random.id(ID_PREFIX.request) }, failure('malformed_request'));
  const payload = JSON.stringify(rendered.body);
  const headers = { ...rendered.headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(payload)), Connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${rendered.status} Bad Request\r\n${lines.join('')}\r\n${payload}`;
}
