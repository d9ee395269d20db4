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
  /**
   * The link goes silent instead: bytes stop flowing both ways and new connections are held
   * without an answer, as when a network path drops packets. Nothing tells the portal.
   */
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP pass-through on 127.0.0.1 to `target`, which a test can cut and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const held = new Set<net.Socket>();
  let state: 'up' | 'down' | 'stalled' = 'up';
  let connections = 0;

  const server = net.createServer((client) => {
    if (state === 'down') {
      client.resetAndDestroy();
      return;
    }
    if (state === 'stalled') {
      held.add(client);
      client.on('error', () => undefined);
      return;
    }
    connections++;
    const upstream = net.connect(target);
    open.add(client).add(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      open.delete(client);
      open.delete(upstream);
      pairs.delete(pair);
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
      state = 'down';
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
      pairs.clear();
    },
    stall() {
      state = 'stalled';
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    restore() {
      // Held connections never reached the database: their clients have given up on them.
      for (const socket of held) socket.destroy();
      held.clear();
      if (state === 'stalled') {
        for (const [client, upstream] of pairs) client.pipe(upstream).pipe(client);
      }
      state = 'up';
    },
    async close() {
      for (const socket of [...open, ...held]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
