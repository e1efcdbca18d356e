/**
 * The one seed of every property test in the workspace. Property tests are sized by their run
 * count (`numRuns`), never by time, and draw their inputs from this seed, so a run is the same on a
 * quiet and on a busy machine, and a failure found anywhere replays with `FC_SEED=<seed>`.
 */

/** The seed when `FC_SEED` is not set: every run draws the same inputs. */
export const DEFAULT_PROPERTY_SEED = 20_260_101;

const INT32 = /^-?\d{1,10}$/;

export type SeedResult = { ok: true; seed: number } | { ok: false; message: string };

/** The seed from `FC_SEED` (a 32-bit integer, as fast-check takes it), or the default. */
export function readPropertySeed(env: NodeJS.ProcessEnv = process.env): SeedResult {
  const text = env.FC_SEED?.trim();
  if (text === undefined || text === '') return { ok: true, seed: DEFAULT_PROPERTY_SEED };
  const seed = Number(text);
  if (!INT32.test(text) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    return {
      ok: false,
      message: `FC_SEED must be an integer from -2147483648 to 2147483647 (fast-check's seed), got "${text}"`,
    };
  }
  return { ok: true, seed };
}

/** The line the test summary prints, so that any failure can be replayed. */
export function propertySeedLine(env: NodeJS.ProcessEnv = process.env): string {
  const result = readPropertySeed(env);
  if (!result.ok) return `Property tests: ${result.message}`;
  const origin = env.FC_SEED?.trim() ? 'from FC_SEED' : 'the default';
  return `Property tests: seed ${result.seed}, ${origin} (FC_SEED=${result.seed} to replay)`;
}
