// A unit spec's time limit guards against a hang, not a speed: Jest's 5 s default failed PDF rendering
// and big-file specs while six builds shared two cores. Speed is `npm run bench`'s business.
jest.setTimeout(60_000);
