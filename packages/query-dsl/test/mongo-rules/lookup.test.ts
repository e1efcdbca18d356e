import { describe } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { lookupRule } from './lookup.js';

describe('$lookup stages follow MongoDB’s form and the library’s position', () => {
  itHoldsForEveryEmittedCommand(lookupRule);
});
