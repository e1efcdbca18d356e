import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';

/** The problems `loadConfig` reports for an environment, all at once (fails the test if it accepts it). */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, false);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('Invalid configuration');
    return [...(error as ConfigError).problems];
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}
