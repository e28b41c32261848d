import type { ExecutionContext } from '@nestjs/common';
import { RouteMetadata } from './route-metadata';

describe('RouteMetadata', () => {
  class Reports {
    download() {}
  }
  class Exports extends Reports {}
  const contextOf = (handler: () => void, controller: new () => unknown) =>
    ({ getHandler: () => handler, getClass: () => controller }) as unknown as ExecutionContext;

  it('reads a route once, and each controller that serves one method on its own', () => {
    const read = jest.fn(
      (handler: { name: string }, controller: { name: string }) => `${controller.name}.${handler.name}`,
    );
    const metadata = new RouteMetadata(read);
    const handler = Reports.prototype.download;
    expect(metadata.of(contextOf(handler, Reports))).toBe('Reports.download');
    expect(metadata.of(contextOf(handler, Reports))).toBe('Reports.download');
    expect(metadata.of(contextOf(handler, Exports))).toBe('Exports.download');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps a value that is null or false without reading it again', () => {
    const read = jest.fn(() => null);
    const metadata = new RouteMetadata(read);
    const context = contextOf(Reports.prototype.download, Reports);
    expect(metadata.of(context)).toBeNull();
    expect(metadata.of(context)).toBeNull();
    expect(read).toHaveBeenCalledTimes(1);
  });
});
