/**
 * A Vitest `setupFiles` entry for every project of the workspace: gives fast-check the run's seed
 * (`FC_SEED`, else the default), so every property test draws the same inputs until the seed changes.
 * Run counts stay with each property (`numRuns`); nothing here depends on time.
 */
import fc from 'fast-check';
import { readPropertySeed } from './seed.js';

const result = readPropertySeed();
if (!result.ok) throw new Error(result.message);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: result.seed });
