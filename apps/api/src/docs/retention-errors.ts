import { BLOCKED_REQUEST_MESSAGE, BLOCKED_SEARCH_MESSAGE } from '@app/domain';
import type { ApiErrorOf } from './api-errors.decorator';

/** The 410 of every read or use of a candidate request blocked under retention (docs/privacy.md). */
export const BLOCKED_REQUEST_410: ApiErrorOf = {
  status: 410,
  description:
    "The candidate's data is blocked under the client's retention policy (`activeDays` after its last process finished): it can no longer be read or used",
  example: { code: 410, message: BLOCKED_REQUEST_MESSAGE },
};

/** The 410 of a search: blocked under retention, or past its recoverable_until. */
export const SEARCH_GONE_410: ApiErrorOf = {
  status: 410,
  description:
    "The search is past its `recoverable_until`, or blocked under the client's retention policy (`activeDays` after its creation)",
  example: { code: 410, message: BLOCKED_SEARCH_MESSAGE },
};
