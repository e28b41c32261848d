'use strict';
// The launcher of a command-line tool whose code is in the build: builds if needed (progress on
// stderr, so stdout carries only the tool's own output), runs the module's `main(argv)` and exits with
// the status it answers (1 with the message when it throws).
const path = require('node:path');
const { buildIfNeeded } = require('./build');

function runBuilt(modulePath) {
  buildIfNeeded({ log: (line) => console.error(line) });
  require(path.join(__dirname, '../..', modulePath))
    .main(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error) => {
      console.error(`✖ ${error.message}`);
      process.exitCode = 1;
    });
}

module.exports = { runBuilt };
