import net from 'node:net';

/**
 * A TCP relay in front of a server (here the shared PostgreSQL), so a test can make that server vanish and
 * come back without touching it: cut() refuses new connections and drops the open ones, as a stopped
 * database does; restore() listens again on the same port. blackhole() makes chosen connections go silent,
 * as a NAT or a firewall that forgets them does.
 */
export interface TcpRelay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /**
   * The open connections whose relay-to-server side has one of these local ports (PostgreSQL sees it as
   * pg_stat_activity.client_port) stop carrying bytes either way, and nobody is told: no FIN, no RST. Answers
   * how many. New connections are relayed as before.
   */
  blackhole(serverSidePorts: number[]): number;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const open = new Set<net.Socket>();
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    upstream.on('close', () => pairs.delete(pair));
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
  const blackhole = (serverSidePorts: number[]) => {
    let silenced = 0;
    for (const { client, upstream } of pairs) {
      if (upstream.localPort === undefined || !serverSidePorts.includes(upstream.localPort)) continue;
      client.unpipe(upstream);
      upstream.unpipe(client);
      // Read and dropped, so neither side's writes back up; unpiped, an end from either is not passed on.
      for (const socket of [client, upstream]) socket.on('data', () => {});
      silenced += 1;
    }
    return silenced;
  };
  return { port, cut: stop, restore: () => listen(port), blackhole, close: stop };
}
