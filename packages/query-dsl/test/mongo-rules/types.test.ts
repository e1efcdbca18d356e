import { describe } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { typeRule } from './types.js';

describe('ObjectIds, Dates and other values where the schema says so', () => {
  itHoldsForEveryEmittedCommand(typeRule);
});
