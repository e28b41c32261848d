import { provideUseCase } from './use-case-provider';

class Repository {
  readonly name = 'repository';
}
abstract class Port {
  abstract ping(): string;
}
const CONFIG = Symbol('CONFIG');

class SomeUseCase {
  constructor(
    readonly repository: Repository,
    readonly log: { warn(message: string): void },
    readonly port: Port,
    readonly config: { limit: number },
  ) {}
}

describe('provideUseCase', () => {
  const log = { warn: () => undefined };
  const provider = provideUseCase(SomeUseCase, [Repository, { value: log }, Port, CONFIG]);

  it('provides the class itself, asking Nest for the tokens only, in the constructor’s order', () => {
    expect(provider.provide).toBe(SomeUseCase);
    expect(provider.inject).toEqual([Repository, Port, CONFIG]);
  });

  it('builds it with the resolved tokens and the given values in their places', () => {
    const repository = new Repository();
    const port = { ping: () => 'pong' };
    const built = provider.useFactory(repository, port, { limit: 3 }) as SomeUseCase;
    expect(built).toBeInstanceOf(SomeUseCase);
    expect(built.repository).toBe(repository);
    expect(built.log).toBe(log);
    expect(built.port).toBe(port);
    expect(built.config).toEqual({ limit: 3 });
  });
});
