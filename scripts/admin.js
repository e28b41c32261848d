#!/usr/bin/env node
'use strict';
// npm run admin -- <command> [options]   (onboarding for the operator: clients, packages, users; see --help)
require('./lib/run-built').runBuilt('dist/libs/application/src/accounts/admin-cli.js');
