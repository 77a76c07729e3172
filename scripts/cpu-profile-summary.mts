#!/usr/bin/env node
// Where a Node process's CPU went, from the profiles `node --cpu-prof` writes (one file per thread): busy time, and
// self and inclusive time by package (node_modules/<name>) or by our own file, and the functions with the most self
// time. Not part of CI: the tool behind docs/gateway.md › Performance, "Where the time goes".
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx server/bench/gatewayBench.ts   (with BENCH_* knobs)
//   node --import tsx scripts/cpu-profile-summary.mts /tmp/prof [top=25] [start-end]
// start-end (microseconds of the monotonic clock the profiles count in) keeps only the samples of one run:
// BENCH_CPU_WINDOWS=1 makes the bench print each run's window.
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [dir = '/tmp/prof', topArg = '25', windowArg] = process.argv.slice(2);
const top = Number(topArg);
const [windowStart, windowEnd] = windowArg ? windowArg.split('-').map(Number) : [-Infinity, Infinity];
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** node_modules/<package> (scoped too), node:<module>, our own file relative to the repository, or the V8 pseudo-frame. */
function placeOf({ url, functionName }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  if (url.startsWith('node:')) return url;
  const file = url.replace(/^file:\/\//, '');
  return path.relative(process.cwd(), file) || file;
}

const functionOf = (frame: ProfileNode['callFrame']) =>
  `${frame.functionName || '(anonymous)'} (${placeOf(frame)}:${frame.lineNumber + 1})`;

const ms = (value: number) => `${value.toFixed(0).padStart(7)} ms`;
const share = (value: number, total: number) => `${((100 * value) / total).toFixed(1).padStart(5)} %`;

for (const file of fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMs = new Map<number, number>();
  let at = profile.startTime;
  let first = Infinity;
  let last = -Infinity;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < windowStart || at > windowEnd) return;
    first = Math.min(first, at - delta);
    last = Math.max(last, at);
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
  });
  if (first === Infinity) {
    console.log(`\n# ${file}: no samples in the window`);
    continue;
  }

  const selfByPlace = new Map<string, number>();
  const inclusiveByPlace = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusiveByFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, time] of selfMs) {
    const node = byId.get(id)!;
    if (IDLE.has(node.callFrame.functionName)) {
      if (node.callFrame.functionName !== '(idle)')
        selfByPlace.set(node.callFrame.functionName, (selfByPlace.get(node.callFrame.functionName) ?? 0) + time);
      if (node.callFrame.functionName !== '(idle)') busy += time;
      continue;
    }
    busy += time;
    const place = placeOf(node.callFrame);
    selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + time);
    const fn = functionOf(node.callFrame);
    selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + time);
    // Inclusive: each place on the stack once per sample.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url) continue;
      for (const [onStack, map] of [
        [placeOf(frame), inclusiveByPlace],
        [`fn ${functionOf(frame)}`, inclusiveByFunction],
      ] as const) {
        if (seen.has(onStack)) continue;
        seen.add(onStack);
        map.set(onStack.replace(/^fn /, ''), (map.get(onStack.replace(/^fn /, '')) ?? 0) + time);
      }
    }
  }
  const wall = (last - first) / 1000;
  console.log(`\n# ${file}: ${ms(busy)} busy of ${ms(wall)} (${share(busy, wall)} of one core)`);
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${ms(time)} ${share(time, busy)}  ${name}`);
    }
  };
  print('self time by package or file:', selfByPlace);
  print('inclusive time by package or file (each once per stack):', inclusiveByPlace);
  print('self time by function:', selfByFunction);
  print('inclusive time by function (each once per stack):', inclusiveByFunction);
}
