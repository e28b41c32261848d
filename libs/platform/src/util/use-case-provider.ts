import type { FactoryProvider, InjectionToken } from '@nestjs/common';

/** What Nest resolves to a `T`: its class (abstract ones included), or a string or symbol token. */
export type TokenOf<T> = (abstract new (...args: never[]) => T) | string | symbol;

/** A dependency that is no provider but a value the module builds (a Logger named after the use case). */
export interface Given<T> {
  value: T;
}

/**
 * Registers a use case written as a plain class: the one way both apps provide their use cases.
 * Without a Nest decorator TypeScript emits no `design:paramtypes` for Nest to read, so the
 * constructor's dependencies are listed here, in order; each token is checked against the type of
 * its parameter, and a `{ value }` is passed as it is. The same as writing
 * `{ provide: X, useFactory: (a, b) => new X(a, b, value), inject: [A, B] }` by hand.
 */
export function provideUseCase<T, A extends unknown[]>(
  useCase: new (...args: A) => T,
  inject: { [K in keyof A]: TokenOf<A[K]> | Given<A[K]> },
): FactoryProvider<T> {
  const dependencies = [...inject] as Array<TokenOf<unknown> | Given<unknown>>;
  const tokens = dependencies.filter((d): d is TokenOf<unknown> => !isGiven(d));
  return {
    provide: useCase,
    useFactory: (...resolved: unknown[]) => {
      let next = 0;
      const args = dependencies.map((d) => (isGiven(d) ? d.value : resolved[next++]));
      return new useCase(...(args as A));
    },
    inject: tokens as InjectionToken[],
  };
}

function isGiven(dependency: TokenOf<unknown> | Given<unknown>): dependency is Given<unknown> {
  return typeof dependency === 'object' && dependency !== null && 'value' in dependency;
}
