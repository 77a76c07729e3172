import { spawnSync } from 'node:child_process';

/** Installs a Debian package when its program is missing (as root, like CI); otherwise says what to install. */
export function requireProgram(program: string, debianPackage: string) {
  if (spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${program} is missing: install it with  sudo apt-get install ${debianPackage}`);
  }
  console.log(`Installing ${debianPackage} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', debianPackage],
  ]) {
    const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
  }
}
