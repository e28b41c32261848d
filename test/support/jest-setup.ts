// e2e tests wait on real queues and processes: give each test a minute unless it says otherwise.
jest.setTimeout(60_000);
