// PostgreSQL's out-of-band cancel request (protocol 3.0, "Canceling Requests in Progress"): a new connection to
// the server that sends only the backend's process id and secret key; the server then interrupts whatever that
// backend runs (the statement fails with SQLSTATE 57014). No authentication and no TLS are involved, so it works
// whatever the session's own settings. The process id and secret key come from the session's BackendKeyData.
import { connect } from 'node:net';

const CANCEL_REQUEST_CODE = 80877102;

/** The 16 bytes of a CancelRequest. */
function cancelRequest(processId: number, secretKey: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeInt32BE(16, 0);
  b.writeInt32BE(CANCEL_REQUEST_CODE, 4);
  b.writeInt32BE(processId, 8);
  b.writeInt32BE(secretKey, 12);
  return b;
}

/**
 * Ask the server at host:port (a directory host means its Unix socket) to cancel the backend's statement. Resolves
 * once the server has closed the connection (it answers nothing) or after `timeoutMs`; never rejects.
 */
export function sendCancel(host: string, port: number, processId: number, secretKey: number, timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const sock = host.startsWith('/') ? connect(`${host}/.s.PGSQL.${port}`) : connect(port, host);
    const end = () => {
      clearTimeout(timer);
      sock.destroy();
      resolve();
    };
    const timer = setTimeout(end, timeoutMs);
    sock.once('connect', () => sock.end(cancelRequest(processId, secretKey)));
    sock.once('error', end);
    sock.once('close', end);
  });
}
