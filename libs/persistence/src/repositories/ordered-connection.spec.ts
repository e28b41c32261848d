import { OrderedClient, OrderedConnection } from './ordered-connection';

/** A pool whose connections note what they were sent and answer when the test says. */
function fakePool() {
  const clients: Array<{
    sent: Array<{ name?: string; text: string; values?: unknown[] }>;
    answers: Array<{ resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>;
    released: Array<boolean | undefined>;
  }> = [];
  const connect = jest.fn(async (): Promise<OrderedClient> => {
    const client = {
      sent: [] as Array<{ name?: string; text: string; values?: unknown[] }>,
      answers: [] as Array<{ resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>,
      released: [] as Array<boolean | undefined>,
    };
    clients.push(client);
    return {
      query: <R>(config: { name?: string; text: string; values?: unknown[] }) => {
        client.sent.push(config);
        return new Promise<{ rows: R[] }>((resolve, reject) =>
          client.answers.push({ resolve: (rows) => resolve({ rows: rows as R[] }), reject }),
        );
      },
      release: (destroy?: boolean) => void client.released.push(destroy),
    };
  });
  return { clients, connect };
}

/** Until the promise callbacks and the turn of the event loop after them have run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('OrderedConnection', () => {
  it('runs the statements on one connection in the order they were sent, each handed to it once the one before is answered', async () => {
    const pool = fakePool();
    const line = new OrderedConnection(pool.connect);
    const first = line.query('SELECT 1', [1], 'one');
    const second = line.query('SELECT 2', [2]);
    await turn();
    expect(pool.connect).toHaveBeenCalledTimes(1);
    // pg's own queue of statements given to a busy connection is deprecated: the next waits here.
    expect(pool.clients[0].sent).toEqual([{ name: 'one', text: 'SELECT 1', values: [1] }]);
    pool.clients[0].answers[0].resolve([{ n: 1 }]);
    await expect(first).resolves.toEqual([{ n: 1 }]);
    await turn();
    expect(pool.clients[0].sent).toEqual([
      { name: 'one', text: 'SELECT 1', values: [1] },
      { text: 'SELECT 2', values: [2] },
    ]);
    pool.clients[0].answers[1].resolve([{ n: 2 }]);
    await expect(second).resolves.toEqual([{ n: 2 }]);
  });

  it('hands the next statement over after one that failed', async () => {
    const pool = fakePool();
    const line = new OrderedConnection(pool.connect);
    const failing = line.query('SELECT 1', []);
    const next = line.query('SELECT 2', []);
    await turn();
    pool.clients[0].answers[0].reject(new Error('duplicate key value violates unique constraint'));
    await expect(failing).rejects.toThrow('duplicate key');
    await turn();
    expect(pool.clients[0].sent.map((s) => s.text)).toEqual(['SELECT 1', 'SELECT 2']);
    pool.clients[0].answers[1].resolve([]);
    await expect(next).resolves.toEqual([]);
  });

  it('keeps the connection while statements follow one another, and gives it back once none is in flight', async () => {
    const pool = fakePool();
    const line = new OrderedConnection(pool.connect);
    const first = line.query('SELECT 1', []);
    await turn();
    pool.clients[0].answers[0].resolve([]);
    // The next statement, sent as the first is answered, goes on the same connection.
    let second: Promise<unknown> | undefined;
    await first.then(() => {
      second = line.query('SELECT 2', []);
    });
    await turn();
    expect(pool.connect).toHaveBeenCalledTimes(1);
    expect(pool.clients[0].released).toEqual([]);
    pool.clients[0].answers[1].resolve([]);
    await second;
    await turn();
    expect(pool.clients[0].released).toEqual([undefined]);
    void line.query('SELECT 3', []);
    await turn();
    expect(pool.connect).toHaveBeenCalledTimes(2);
    expect(pool.clients[1].sent.map((s) => s.text)).toEqual(['SELECT 3']);
  });

  it('after an error, closes the connection once the statements in flight on it are answered, and takes another', async () => {
    const pool = fakePool();
    const line = new OrderedConnection(pool.connect);
    const failing = line.query('SELECT 1', []);
    const inFlight = line.query('SELECT 2', []);
    await turn();
    pool.clients[0].answers[0].reject(new Error('Connection terminated unexpectedly'));
    await expect(failing).rejects.toThrow('Connection terminated');
    await turn();
    const after = line.query('SELECT 3', []);
    await turn();
    expect(pool.connect).toHaveBeenCalledTimes(2);
    expect(pool.clients[1].sent.map((s) => s.text)).toEqual(['SELECT 3']);
    expect(pool.clients[0].released).toEqual([]);
    pool.clients[0].answers[1].reject(new Error('Connection terminated unexpectedly'));
    await expect(inFlight).rejects.toThrow('Connection terminated');
    await turn();
    expect(pool.clients[0].released).toEqual([true]);
    pool.clients[1].answers[0].resolve([]);
    await expect(after).resolves.toEqual([]);
  });

  it('fails the statements waiting for a connection the pool could not give', async () => {
    const connect = jest
      .fn<Promise<OrderedClient>, []>()
      .mockRejectedValueOnce(new Error('timeout exceeded when trying to connect'));
    const line = new OrderedConnection(connect);
    await expect(line.query('SELECT 1', [])).rejects.toThrow('timeout exceeded');
    await turn();
    connect.mockResolvedValueOnce({
      query: async <R>() => ({ rows: [{ ok: true }] as R[] }),
      release: () => undefined,
    });
    await expect(line.query('SELECT 1', [])).resolves.toEqual([{ ok: true }]);
  });
});
