import net from 'node:net';

const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * Where the next scan of PORT_RANGE starts: just after the port last handed out, so a port whose
 * server has not started listening yet is not handed out twice.
 */
let cursor = 0;

/**
 * A port nobody listens on right now. By default the system picks it (listen on 0); with
 * `PORT_RANGE=4600-4699` it is the first free one in that range, for machines shared with
 * other work where each person keeps to their own ports.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.PORT_RANGE ?? '');
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    const size = to - from + 1;
    for (let i = 0; i < size; i++) {
      const port = from + ((cursor + i) % size);
      if (await canListen(port)) {
        cursor = port - from + 1;
        return port;
      }
    }
    throw new Error(`no free port in PORT_RANGE ${process.env.PORT_RANGE}`);
  }
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
