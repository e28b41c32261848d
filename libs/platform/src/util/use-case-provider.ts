import type { FactoryProvider, InjectionToken } from '@nestjs/common';

/** What Nest resolves to a `T`: its class (abstract ones included), or a string or symbol token. */
export type TokenOf<T> = (abstract new (...args: never[]) => T) | string | symbol;

/**
 * Registers a use case written as a plain class. Without a Nest decorator TypeScript emits no
 * `design:paramtypes` for Nest to read, so the constructor's dependencies are listed here, in
 * order; each token is checked against the type of its parameter. The same as writing
 * `{ provide: X, useFactory: (a, b) => new X(a, b), inject: [A, B] }` by hand.
 */
export function provideUseCase<T, A extends unknown[]>(
  useCase: new (...args: A) => T,
  inject: { [K in keyof A]: TokenOf<A[K]> },
): FactoryProvider<T> {
  return {
    provide: useCase,
    useFactory: (...dependencies: unknown[]) => new useCase(...(dependencies as A)),
    inject: [...inject] as InjectionToken[],
  };
}
