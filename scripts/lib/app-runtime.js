'use strict';
// The Node flags of each app, whoever starts it: npm start, npm run start:dev, the e2e tests and the
// bench take them from here; package.json's start:api, docker/Dockerfile's CMD and docker/compose.yml
// repeat them, having no way to read this file (app-runtime.spec.js checks that they agree).
//
// The api: --max-semi-space-size=8. V8's young generation is two semi-spaces that grow to 16 MB
// each under load and stay resident. At 8 MB the api ended the whole bench at 186 MB RSS instead of
// about 200 (with the heap growth cap of libs/platform/src/runtime/heap-growth.ts, which V8 accepts
// after start and is therefore set in code), for about 0.05 ms more CPU per registration.
// The processor: none. The smaller young generation did not bound its RSS (213-214 MB against 176-255
// after sustained drains) and cost 2-6 % more CPU per process job.
const APP_NODE_FLAGS = Object.freeze({
  api: Object.freeze(['--max-semi-space-size=8']),
  processor: Object.freeze([]),
});

module.exports = { APP_NODE_FLAGS };
