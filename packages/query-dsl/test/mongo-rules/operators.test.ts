import { describe } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { operatorRule } from './operators.js';

describe('only operators that exist in MongoDB 5.0, each where it belongs', () => {
  itHoldsForEveryEmittedCommand(operatorRule);
});
