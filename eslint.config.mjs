import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import fs from 'node:fs';

/**
 * The server's rooms (docs/architecture.md), one way: contract <- server/lib <- server/db <- server/audit,
 * server/mail <- the feature rooms (FEATURE_ROOMS) <- server/formats <- server/credit, server/providers <- server/alerts,
 * server/gateway <- server/mcp <- server/reconciliation <- server/routes, server/plugins <- app.ts; server/invoicing
 * (documents and statements) stands on the features and under payments, which issues them. The audit log and the mail
 * outbox are written in the transactions of the changes they record or announce, so every feature may call them;
 * alerts watch the credit room's bills. server/sso (OpenID sign-in) stands on the features (users, sessions);
 * server/metrics and server/tracing watch the gateway (its probe).
 * A room's HTTP face (its `routes.ts` or `*Routes.ts`, one Fastify plugin registered by app.ts) and its tests stand
 * above everything, as app.ts does: the rules below are for the rest of the room's files (ROOM_FILES).
 * A room never reaches up; a provider never imports another (only the dialects they share, and the folder's own files).
 */
/** The ordinary features, each a folder with its service, SQL, routes and tests; siblings that may use each other. */
const FEATURE_ROOMS = ['teams', 'sessions', 'keys', 'ledger', 'coupons', 'pricing', 'routing', 'usage', 'console'];
/** The rooms above server/db, every one of which may stand on it. */
const ABOVE_DB = [
  'audit',
  'mail',
  ...FEATURE_ROOMS,
  'formats',
  'credit',
  'providers',
  'alerts',
  'gateway',
  'mcp',
  'reconciliation',
  'sso',
  'metrics',
  'tracing',
  'routes',
  'plugins',
  'payments',
  'invoicing',
  'seed',
];
const above = (room) => ABOVE_DB.slice(ABOVE_DB.indexOf(room) + 1);
/** What a feature room's service may not import: what is built on the features, and the server's wiring. */
const ABOVE_FEATURES = [
  'routes',
  'plugins',
  'credit',
  'providers',
  'alerts',
  'mcp',
  'payments',
  'invoicing',
  'reconciliation',
  'sso',
  'metrics',
  'tracing',
  'batches',
  'media',
  'seed',
  'deps.ts',
  'app.ts',
];
const ROOMS_ABOVE = {
  lib: ['db', ...ABOVE_DB],
  db: ABOVE_DB,
  // Siblings: neither imports the other.
  audit: ABOVE_DB.filter((room) => room !== 'audit'),
  mail: ABOVE_DB.filter((room) => room !== 'mail'),
  ...Object.fromEntries(FEATURE_ROOMS.map((room) => [room, ABOVE_FEATURES])),
  formats: [...FEATURE_ROOMS, ...above('formats')],
  credit: above('credit'),
  providers: [...above('providers'), ...FEATURE_ROOMS],
  alerts: above('alerts'),
  // Batches and the media doors run on the gateway; the chat path reaches neither (docs/gateway.md, "A feature that is
  // off costs nothing").
  gateway: ['alerts', 'batches', 'media', ...above('gateway')],
  // The MCP gateway (docs/mcp.md): admits and bills tool calls as the gateway does model calls, beside the alerts.
  mcp: ['alerts', ...above('mcp')],
  // The media doors (docs/media.md): route, admit and bill as the gateway does, beside the MCP gateway and batches.
  media: ['alerts', 'mcp', 'batches', ...above('mcp')],
  invoicing: [
    'routes',
    'plugins',
    'credit',
    'providers',
    'alerts',
    'gateway',
    'mcp',
    'payments',
    'reconciliation',
    'seed',
  ],
  // Our ledger against the providers' reports: reads the providers' readers and the database, under the routes.
  reconciliation: ['alerts', 'gateway', 'credit', ...above('reconciliation')],
  // Single sign-on (OpenID Connect): stands on the features (users, sessions), under the routes; knows no gateway.
  sso: ['credit', 'providers', 'alerts', 'gateway', 'reconciliation', ...above('sso')],
  // What watches the gateway (docs/operations.md): reads the gateway's and credit's state and probe; siblings.
  metrics: ['sso', ...above('metrics')],
  tracing: ['sso', 'metrics', ...above('tracing')],
};
/** A room's files the rules hold for: all but its HTTP face (routes.ts, *Routes.ts) and its tests. */
const ROOM_FILES = '**/!(*[rR]outes|*.test).ts';
const roomZones = Object.entries(ROOMS_ABOVE).map(([room, above]) => ({
  target: `./server/${room}/${ROOM_FILES}`,
  from: above.map((name) => `./server/${name}`),
  message: `server/${room} never imports what stands above it (docs/architecture.md): ${above.join(', ')}.`,
}));
/** A provider's folder is one with a provider.ts (its descriptor); the others are dialects several providers share. */
const PROVIDERS_DIR = new URL('./server/providers/', import.meta.url);
const PROVIDER_FOLDERS = fs
  .readdirSync(PROVIDERS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(new URL(`${entry.name}/provider.ts`, PROVIDERS_DIR)))
  .map((entry) => entry.name);
const DIALECT_FOLDERS = fs
  .readdirSync(PROVIDERS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !PROVIDER_FOLDERS.includes(entry.name))
  .map((entry) => entry.name);
/** What every provider may share: the dialects several speak, the descriptor's type, the HTTP client, error mapping. */
const SHARED_BY_PROVIDERS = [
  './openaiCompatible',
  './anthropicMessages',
  './types.ts',
  './upstream.ts',
  './providerErrors.ts',
  './reports.ts',
];
const providerZones = PROVIDER_FOLDERS.map((name) => ({
  target: `./server/providers/${name}`,
  from: './server/providers',
  except: [`./${name}`, ...SHARED_BY_PROVIDERS],
  message: `A provider's folder imports no other provider's (server/providers/${name}: its own files and the shared dialects).`,
}));
const dialectZones = DIALECT_FOLDERS.map((name) => ({
  target: `./server/providers/${name}`,
  from: PROVIDER_FOLDERS.map((provider) => `./server/providers/${provider}`),
  message: 'A shared dialect imports no provider: the providers import it.',
}));

export default tseslint.config(
  { ignores: ['dist/', '.tmp/', 'coverage/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // The layers, one way: contract <- src/lib <- src/store <- src/components, src/features <- src/pages <- src/app;
  // server/ and src/ meet only in contract/ (README, "How the code is laid out").
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './contract',
              from: ['./src', './server', './build', './scripts'],
              message: 'contract/ is imported by both halves and imports nothing of ours.',
            },
            {
              target: ['./src/lib', './src/features'],
              from: ['./src/pages', './src/app'],
              message: 'Rules and features never reach up into pages or the app.',
            },
            {
              target: './src/lib',
              from: ['./src/features', './src/components', './src/store', './src/slices'],
              message: 'src/lib holds pure rules: it imports no store, features or components.',
            },
            {
              target: './src/components',
              from: ['./src/pages', './src/app'],
              message: 'Shared components never reach up into pages or the app.',
            },
            {
              target: './server',
              from: './src',
              message: 'The server shares code with the browser only through contract/.',
            },
            {
              target: './src',
              from: './server',
              message: 'The browser shares code with the server only through contract/.',
            },
            ...roomZones,
            {
              target: `./server/!(routes)/${ROOM_FILES}`,
              from: ['./server/*/routes.ts', './server/*/*Routes.ts'],
              message: "A room's routes are its HTTP face, registered by app.ts: no room's other files import them.",
            },
            ...providerZones,
            ...dialectZones,
          ],
        },
      ],
    },
  },
  // MUI 9 took the system props off Typography: its `color` names a palette colour ('primary', 'textSecondary'), and a
  // palette path ('text.secondary') matches none and is dropped without a word. 90 lines of secondary text showed in
  // the primary colour that way until 2026-12-04 (docs/rules.md#layout-and-timings).
  {
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='color'] > Literal[value=/\\./]",
          message:
            'A palette path is not a colour prop in MUI 9 and is ignored: color="textSecondary" (or sx={{ color: \'text.secondary\' }}).',
        },
      ],
    },
  },
  // The browser takes the wire contract's types from contract/schemas/ and its plain values from contract/rules/:
  // a value imported from a schema module brings TypeBox into the page's chunks (docs/api-contract.md), which
  // `npm run bundle:report` also refuses.
  {
    files: ['src/**/*.{ts,tsx}', 'contract/rules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/contract/schemas/*',
                '**/schemas/*',
                '@sinclair/typebox',
                '@sinclair/typebox/*',
                'typebox',
                'typebox/*',
              ],
              allowTypeImports: true,
              message:
                'Types only from the schemas here; plain values (limits, lists, messages) are in contract/rules/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  // Scripts the server sends to browsers as they are (the sandbox checkout's buttons).
  { files: ['server/payments/**/*.js'], languageOptions: { globals: globals.browser, sourceType: 'script' } },
);
