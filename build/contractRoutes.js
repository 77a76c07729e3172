// The route manifest (contract/routes.ts) for the build's CommonJS code: webpack.config.js's plugins and
// scripts/bundle-report.js. tsx compiles the TypeScript as it loads, so the table is written once, in contract/.
const path = require('node:path');
const { require: requireTs } = require('tsx/cjs/api');

module.exports = requireTs(path.join(__dirname, '../contract/routes.ts'), __filename);
