import { describe } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { projectionRule } from './projection.js';

describe('projections follow MongoDB’s rules', () => {
  itHoldsForEveryEmittedCommand(projectionRule);
});
