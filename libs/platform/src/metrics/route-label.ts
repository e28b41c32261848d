/**
 * The route label (metrics) and route (access log) of a request no route matched: the raw URL would
 * make one series per URL tried, and can hold names.
 */
export const UNMATCHED_ROUTE = '(unmatched)';
