import type { ExecutionContext } from '@nestjs/common';

type Handler = ReturnType<ExecutionContext['getHandler']>;
type Controller = ReturnType<ExecutionContext['getClass']>;

/**
 * What a guard reads from a route's decorators, read once per route: the metadata is fixed once the
 * application has started, and the global guards asked reflect-metadata for it on every request
 * (docs/performance.md, "The overview with its audit event"). Keyed by handler and controller, as
 * Nest's `getAllAndOverride` reads them (one method may serve several controllers).
 */
export class RouteMetadata<T> {
  private readonly byHandler = new Map<Handler, Map<Controller, T>>();

  constructor(private readonly read: (handler: Handler, controller: Controller) => T) {}

  of(context: ExecutionContext): T {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byController = this.byHandler.get(handler);
    if (!byController) this.byHandler.set(handler, (byController = new Map()));
    if (byController.has(controller)) return byController.get(controller) as T;
    const value = this.read(handler, controller);
    byController.set(controller, value);
    return value;
  }
}
