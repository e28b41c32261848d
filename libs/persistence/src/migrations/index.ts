import { Foundation1763800000000 } from './1763800000000-Foundation';

/** Every migration in order; listed explicitly for the same reason as the entities. */
export const MIGRATIONS = [Foundation1763800000000];
