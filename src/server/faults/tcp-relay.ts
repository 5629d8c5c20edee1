import net from 'node:net';

/**
 * A TCP relay in front of a server (here the shared PostgreSQL), so a test can make that server vanish and
 * come back without touching it: cut() refuses new connections and drops the open ones, as a stopped
 * database does; restore() listens again on the same port.
 */
export interface TcpRelay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      // Either side ending or failing ends the pair, as one TCP connection would.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = async () => {
    const closed = new Promise<void>((resolve) =>
      server.listening ? server.close(() => resolve()) : resolve(),
    );
    for (const socket of open) socket.destroy();
    await closed;
  };
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return { port, cut: stop, restore: () => listen(port), close: stop };
}
