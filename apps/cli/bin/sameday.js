#!/usr/bin/env node
'use strict';

// The `sameday` command (apps/cli): the compiled CLI (`npm run build`, or any
// `npm start`) with our libraries' paths mapped, as every app runs.
const path = require('node:path');
const root = path.join(__dirname, '..', '..', '..');
require(path.join(root, 'tools', 'register-paths.js'));
/** @type {{ main: (argv: string[], env: NodeJS.ProcessEnv) => Promise<number> }} */
const cli = require(path.join(root, 'dist', 'apps', 'cli', 'src', 'main.js'));

cli.main(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
