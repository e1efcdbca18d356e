import { describe } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { sortRule } from './sort.js';

describe('sorts follow MongoDB’s rules', () => {
  itHoldsForEveryEmittedCommand(sortRule);
});
