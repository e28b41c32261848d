#!/usr/bin/env node
'use strict';
// npm run corpus:ingest -- <file.jsonl>   (adds and replaces persons and lawsuits, all or nothing)
require('./lib/run-built').runBuilt('dist/libs/application/src/legal-corpus/ingest-cli.js');
