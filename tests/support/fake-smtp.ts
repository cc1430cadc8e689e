/**
 * A tiny SMTP responder on 127.0.0.1 for outbox tests (no packages): it answers 220/250/354 and
 * records what it receives, or is told to refuse (451), to hang (accept and never answer) or to
 * drop the connection.
 *
 *   const smtp = await startFakeSmtp();
 *   smtp.mode = 'fail';          // MAIL FROM answers 451
 *   ... smtp.received[0].data   // the DATA of each accepted message
 *   await smtp.close();
 */
import net from 'node:net';

export type FakeSmtpMode = 'ok' | 'fail' | 'hang' | 'drop';

export interface ReceivedMail {
  /** The address of MAIL FROM. */
  from: string;
  /** The addresses of RCPT TO. */
  to: string[];
  /** The message as sent after DATA (headers and body, CRLF line ends, dot-unstuffed). */
  data: string;
}

export interface FakeSmtp {
  /** smtp://127.0.0.1:<port> */
  url: string;
  mode: FakeSmtpMode;
  readonly received: ReceivedMail[];
  /** Connections accepted so far (in every mode). */
  readonly connections: number;
  /** Resolves at the next accepted connection (or now, if `count` connections were already made). */
  connected(count?: number): Promise<void>;
  /** Ends every open connection abruptly (a hanging client then sees the connection close). */
  destroyConnections(): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(initialMode: FakeSmtpMode = 'ok'): Promise<FakeSmtp> {
  const sockets = new Set<net.Socket>();
  const received: ReceivedMail[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let connections = 0;

  const state = { mode: initialMode };

  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    for (const waiter of [...waiters]) {
      if (connections >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    if (state.mode === 'drop') {
      socket.destroy();
      return;
    }
    if (state.mode === 'hang') return; // accepted, never answered
    converse(socket, state, received);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeSmtpMode) {
      state.mode = mode;
    },
    received,
    get connections() {
      return connections;
    },
    connected(count = connections + 1) {
      if (connections >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    destroyConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function converse(socket: net.Socket, state: { mode: FakeSmtpMode }, received: ReceivedMail[]): void {
  let buffer = '';
  let inData = false;
  let dataLines: string[] = [];
  let envelope: { from: string; to: string[] } = { from: '', to: [] };
  const reply = (line: string) => {
    if (!socket.destroyed) socket.write(`${line}\r\n`);
  };

  reply('220 fake-smtp ESMTP ready');
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\r\n')) !== -1) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          received.push({ ...envelope, data: dataLines.join('\r\n') });
          dataLines = [];
          envelope = { from: '', to: [] };
          reply('250 2.0.0 Queued');
        } else {
          dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      const argument = (/<([^>]*)>/.exec(line) ?? [])[1] ?? '';
      if (state.mode === 'drop') {
        socket.destroy();
        return;
      }
      switch (verb) {
        case 'EHLO':
        case 'HELO':
          reply('250 fake-smtp');
          break;
        case 'MAIL':
          if (state.mode === 'fail') {
            reply('451 4.3.0 Temporarily unable to accept mail, try again later');
          } else {
            envelope = { from: argument, to: [] };
            reply('250 2.1.0 OK');
          }
          break;
        case 'RCPT':
          envelope.to.push(argument);
          reply('250 2.1.5 OK');
          break;
        case 'DATA':
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
          break;
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        default: // RSET, NOOP and anything else
          reply('250 OK');
      }
    }
  });
}
