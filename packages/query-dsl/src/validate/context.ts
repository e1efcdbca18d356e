import type { IssueList } from '../core/issue-list.js';
import type { QueryLimits } from '../core/limits.js';

/** What every validator needs: where to put issues, and the limits in force. */
export interface ValidationContext {
  readonly issues: IssueList;
  readonly limits: QueryLimits;
}
