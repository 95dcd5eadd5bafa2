#!/usr/bin/env bash
# The static checks of `npm test`, run side by side (typecheck, Biome, the layer check): each is
# mostly one thread, so on two cores they finish in about the time of the typecheck alone.
# Each one's output is printed whole after it ends; the script fails if any of them failed.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
names=(typecheck lint lint:layers)
pids=()
for name in "${names[@]}"; do
  npm run --silent "$name" > "$out/$name.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!names[@]}"; do
  if wait "${pids[$i]}"; then
    echo "checks: ${names[$i]} passed"
  else
    failed=1
    echo "checks: ${names[$i]} FAILED:"
  fi
  cat "$out/${names[$i]}.log"
done
exit $failed
