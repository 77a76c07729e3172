#!/usr/bin/env node
// Writes dist/login.html, /login rendered at build time with its own small script in place of the app's bundles
// (src/pages/login/prerenderLogin.tsx; docs/performance.md, "The login page"), and dist/shell.json, the signed-in
// pages' frame the server sends before the app has started (src/app/prerenderShell.tsx; "The signed-in shell").
// build/PrerenderPagesPlugin.js runs this after every production build; `node --import tsx scripts/prerender-pages.mts
// [dist]` runs it by hand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SHELL_FILE, type ShellFile } from '../contract/staticShell';
import type { ShellVariant } from '../contract/navigation';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));

// The page's script: the same modules the app's login page uses, bundled on their own (no React, no MUI).
const bundled = await build({
  entryPoints: [path.join(root, 'src/pages/login/staticLoginEntry.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  write: false,
  // As webpack.config.js defines it for the app.
  define: { 'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL || '') },
});
const script = bundled.outputFiles[0].text.trim();

// A TSX module of the app, loaded through tsx at run time (the scripts' type check does not compile JSX; the app's does).
const modulePath = path.join(root, 'src/pages/login/prerenderLogin.tsx');
const { prerenderLoginPage } = (await import(modulePath)) as {
  prerenderLoginPage: (indexHtml: string, script: string) => string;
};
const page = prerenderLoginPage(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), script);
fs.writeFileSync(path.join(dist, 'login.html'), page);

const shellModule = path.join(root, 'src/app/prerenderShell.tsx');
const { prerenderShells } = (await import(shellModule)) as { prerenderShells: () => ShellFile };
const shell = prerenderShells();
// Every class a frame uses has its rule in that sidebar's styles, or the frame would paint unstyled.
for (const [variant, frames] of Object.entries(shell.frames) as [ShellVariant, Record<string, string>][]) {
  for (const frame of [...Object.values(frames), ...Object.values(shell.pages?.[variant] ?? {})]) {
    for (const [, name] of frame.matchAll(/\bcss-([a-z0-9]+)/g)) {
      if (!shell.styles[variant].includes(`.css-${name}`)) {
        throw new Error(
          `The ${variant} frame uses css-${name}, which its styles do not have (src/app/prerenderShell.tsx)`,
        );
      }
    }
  }
}
fs.writeFileSync(path.join(dist, SHELL_FILE), JSON.stringify(shell));
