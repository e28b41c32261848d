import { AppConfig, loadAppConfig } from './app-config';

/** Part of a configuration: any field of any section, lists whole. */
export type ConfigOverrides<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[]
    ? T[K]
    : T[K] extends object
      ? ConfigOverrides<T[K]>
      : T[K];
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function merged<T>(base: T, overrides: ConfigOverrides<T>): T {
  const result = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    const current = result[key];
    result[key] = isPlainObject(current) && isPlainObject(value) ? merged(current, value) : value;
  }
  return result as T;
}

/**
 * For specs: the configuration of a test environment with no variable set (docs/configuration.md's
 * defaults, read by the real loadAppConfig), with `overrides` in place, so a spec names only the
 * settings it relies on and a use case reading another one still finds a real value.
 */
export function testConfig(overrides: ConfigOverrides<AppConfig> = {}): AppConfig {
  return merged(loadAppConfig({ NODE_ENV: 'test' }), overrides);
}
