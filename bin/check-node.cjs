#!/usr/bin/env node
// The Node version check every entry point runs first (install, build, start, the tests, the admin
// commands). Plain CommonJS without dependencies, because it must run before anything is installed or
// compiled: on Node 20 the built server dies loading its SQLite driver with a bare "Segmentation fault",
// and vitest says nothing for minutes.
"use strict";

// Keep in step with "engines" in package.json and with .nvmrc (tests/shared/nodeVersion.test.ts compares them).
const MAJOR = 24;
const MINOR = 11;

/** Null when this Node can run the site; otherwise the one sentence that says what is needed and how to get it. */
function nodeVersionProblem(version) {
  const [major, minor] = String(version).replace(/^v/, "").split(".").map(Number);
  if (major === MAJOR && minor >= MINOR) return null;
  return (
    `This site needs Node ${MAJOR} LTS (${MAJOR}.${MINOR} or newer), and this is Node ${version}: ` +
    `install Node ${MAJOR} (nvm install ${MAJOR}, or the other ways in README's "Node ${MAJOR}" and docs/DEPLOY.md step 1) and run the command again.`
  );
}

/** Says that sentence on standard error and ends the process when this Node cannot run the site. */
function exitUnlessSupported() {
  // GARDEN_NODE_VERSION stands in for the running version, so the message can be tested on any Node.
  const problem = nodeVersionProblem(process.env.GARDEN_NODE_VERSION || process.versions.node);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}

module.exports = { nodeVersionProblem, exitUnlessSupported };

if (require.main === module) exitUnlessSupported();
