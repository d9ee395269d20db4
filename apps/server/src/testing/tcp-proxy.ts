import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted and passed through since the start. */
  connections: number;
  /**
   * The link goes down: open connections are reset and new ones reset on arrival, as when
   * the database server stops. The port stays bound, so nothing else can take it meanwhile.
   */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP pass-through on 127.0.0.1 to `target`, which a test can cut and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  let connections = 0;

  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    connections++;
    const upstream = net.connect(target);
    open.add(client).add(upstream);
    const end = () => {
      open.delete(client);
      open.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return connections;
    },
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
