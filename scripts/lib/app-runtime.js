'use strict';
// The Node flags of each app, whoever starts it: npm start, npm run start:dev, the e2e tests and the
// bench take them from here; package.json's start:api, docker/Dockerfile's CMD and docker/compose.yml
// repeat them, having no way to read this file (app-runtime.spec.js checks that they agree).
//
// The api: --max-semi-space-size=8. V8's young generation is two semi-spaces that grow to 16 MB
// each under load and stay resident. With 8 MB and the heap growth cap (libs/platform/src/runtime/
// heap-growth.ts: V8 takes that one after start, so it is set in code) the api ended two whole bench
// runs at 186 MB RSS, against 204 with V8's defaults; under registrations alone 163-169 MB against 181
// with the cap only, at api CPU per registration within the noise (0.57-0.79 against 0.59-0.70 ms).
// The processor: none. The smaller young generation did not bound its RSS (213-214 MB against 176-255
// after sustained drains) and cost 2-6 % more CPU per process job.
const APP_NODE_FLAGS = Object.freeze({
  api: Object.freeze(['--max-semi-space-size=8']),
  processor: Object.freeze([]),
});

module.exports = { APP_NODE_FLAGS };
