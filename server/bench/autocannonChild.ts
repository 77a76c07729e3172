import { spawn } from 'node:child_process';
import type autocannon from 'autocannon';
import { REPO_ROOT } from '../config';

/**
 * autocannon in a child process, so the load generator does not share the server's event loop (in a worker thread
 * it returns unaggregated histograms).
 */
export function runAutocannon(options: Parameters<typeof autocannon>[0]): ReturnType<typeof autocannon> {
  const source = `require('autocannon')(JSON.parse(process.argv[1])).then((r) => process.stdout.write(JSON.stringify(r)));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', source, JSON.stringify(options)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`autocannon exited with ${code}`)),
    );
  });
}
