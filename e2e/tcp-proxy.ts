import { createServer, connect, type Server, type Socket } from 'node:net';

// A TCP proxy between an instance and its PostgreSQL server, so a test can take "the database" away from
// that instance alone (the tests' PostgreSQL serves other suites at the same time) and give it back:
//   refuse: every connection is cut and new ones are refused (a database that stopped)
//   hang:   connections are accepted but nothing goes through (a database that stopped answering)
export type TcpProxy = {
  port: number;
  refuse: () => Promise<void>;
  hang: () => void;
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let mode: 'open' | 'hang' | 'refuse' = 'open';
  let port = 0;
  let server: Server | undefined;

  const cutAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (mode === 'hang') return; // accepted, never answered
        const upstream = connect(targetPort, targetHost);
        sockets.add(upstream);
        upstream.on('close', () => (sockets.delete(upstream), client.destroy()));
        upstream.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  const closeServer = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

  await listen();
  return {
    port,
    refuse: async () => {
      mode = 'refuse';
      const closing = closeServer();
      cutAll();
      await closing;
      server = undefined;
    },
    hang: () => {
      mode = 'hang';
      cutAll();
    },
    restore: async () => {
      const wasRefusing = mode === 'refuse';
      mode = 'open';
      if (wasRefusing) await listen();
      else cutAll(); // the hung connections: the pool opens new ones
    },
    close: async () => {
      cutAll();
      await closeServer();
    },
  };
}
