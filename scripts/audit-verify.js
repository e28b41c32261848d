#!/usr/bin/env node
'use strict';
// npm run audit:verify   (walks the audit log's hash chain; exit 1 names the first broken event)
require('./lib/run-built').runBuilt('dist/libs/application/src/audit/verify-cli.js');
