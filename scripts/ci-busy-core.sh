#!/usr/bin/env bash
# CI as it must pass on a shared machine: `.ci/run` on a clean clone of a commit, with one core kept busy by another
# process for the whole run (docs/testing.md, "Test times"). The busy process is started and stopped by its pid.
#
#   scripts/ci-busy-core.sh [COMMIT] [RUNS]   # default: HEAD, once; each run's log is .tmp/ci-busy-core/run-N.log
set -euo pipefail
cd "$(dirname "$0")/.."
commit="$(git rev-parse "${1:-HEAD}")"
runs="${2:-1}"
out="$PWD/.tmp/ci-busy-core"
mkdir -p "$out"

for run in $(seq 1 "$runs"); do
  clone="$(mktemp -d /tmp/ci-busy-core-XXXXXX)"
  git clone --quiet --no-local "$PWD" "$clone"
  git -C "$clone" checkout --quiet "$commit"
  # One core spinning for the whole run: a plain loop in another process, outside the run's process group.
  node -e 'for (;;) {}' &
  busy=$!
  started=$(date +%s)
  status=0
  (cd "$clone" && CI=true bash .ci/run) > "$out/run-$run.log" 2>&1 || status=$?
  kill "$busy"
  wait "$busy" 2>/dev/null || true
  echo "run $run of $runs, $commit: exit $status in $(($(date +%s) - started)) s (log: $out/run-$run.log)"
  # A failed run's end-to-end traces and screenshots are what tells a race from a bug: kept beside its log.
  if [ "$status" -ne 0 ] && [ -d "$clone/test-results" ]; then
    rm -rf "$out/run-$run-test-results"
    cp -r "$clone/test-results" "$out/run-$run-test-results"
  fi
  rm -rf "$clone"
done
