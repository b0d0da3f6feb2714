#!/usr/bin/env bash
# Gridwise's one entry point. Every subcommand is idempotent and installs what it needs,
# skipping what is already present.
#
#   ./build.sh setup   wasm32 target, wasm-bindgen CLI (pinned version), Chromium + driver, npm tools
#   ./build.sh build   release wasm -> www/pkg/ (wasm-bindgen --target web, wasm-opt), native CLI
#   ./build.sh serve   build, then serve www/ on http://127.0.0.1:${PORT:-8080}
#   ./build.sh test    fmt, clippy, native tests, wasm tests in headless Chromium, browser e2e
#   ./build.sh bench   native and in-browser benchmarks, as a table
#   ./build.sh dist    build, then copy a static site ready for any host into dist/
set -euo pipefail
cd "$(dirname "$0")"

WASM_TARGET=wasm32-unknown-unknown
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
CHROMEDRIVER=${CHROMEDRIVER:-/usr/bin/chromedriver}
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root to run: $*"; fi
}

pinned_wasm_bindgen() {
  sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' Cargo.toml  | head -n 1
}

setup() {
  command -v cargo >/dev/null || die "cargo not found: install Rust with rustup first"
  if ! rustup target list --installed | grep -qx "$WASM_TARGET"; then
    say "adding the $WASM_TARGET target"
    rustup target add "$WASM_TARGET"
  fi
  for component in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$component"; then
      say "adding $component"
      rustup component add "$component"
    fi
  done

  local want have
  want=$(pinned_wasm_bindgen)
  [ -n "$want" ] || die "Cargo.toml must pin wasm-bindgen with = (e.g. \"=0.2.130\")"
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
  if [ "$have" != "$want" ]; then
    say "installing wasm-bindgen-cli $want (a few minutes, once)"
    cargo install wasm-bindgen-cli --version "$want" --force
  fi

  if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
    say "installing Chromium and its driver (Debian packages)"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi

  if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
     || [ ! -d node_modules/@axe-core/playwright ] \
     || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    command -v npm >/dev/null || die "npm not found: install Node.js 20 or newer"
    say "installing npm test tools (playwright-core, @axe-core/playwright, binaryen)"
    npm ci --no-audit --no-fund
  fi
}

build() {
  setup
  say "building the wasm module"
  cargo build --release --lib --target "$WASM_TARGET"
  mkdir -p www/pkg
  wasm-bindgen --target web --no-typescript --out-dir www/pkg \
    "target/$WASM_TARGET/release/gridwise.wasm"
  say "optimising with wasm-opt"
  wasm-opt -O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    www/pkg/gridwise_bg.wasm -o www/pkg/gridwise_bg.wasm
  write_precache_list
  say "building the native CLI (target/release/gridwise)"
  build_cli
}

# Builds the CLI, linked statically where the C library allows it (glibc on x86-64 with its
# libc.a, as Debian's libc6-dev has): a run then starts without loading shared libraries, which
# took a third of a millisecond of every run (`gridwise poly meteor`: 11.7 -> 11.1 ms). Only the
# binary's own compilation gets the flag (`cargo rustc`): given to every crate, it would break
# the proc-macros clap is built with. Elsewhere it is the plain dynamic build.
build_cli() {
  if static_cli_possible; then
    cargo rustc --release --bin gridwise "$@" -- -C target-feature=+crt-static
  else
    cargo build --release --bin gridwise "$@"
  fi
}

static_cli_possible() {
  [ "$(rustc -vV | sed -n 's/^host: //p')" = x86_64-unknown-linux-gnu ] \
    && case "$(cc -print-file-name=libc.a 2>/dev/null)" in /*) true ;; *) false ;; esac
}

# The service worker caches every file of the site for offline use; this lists them.
write_precache_list() {
  (cd www && find . -type f ! -name precache.json ! -name sw.js ! -name '.*' \
    | sed 's|^\./||' | sort \
    | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify(s.split("\n").filter(Boolean),null,1)))' \
    > precache.json)
}

serve() {
  build
  node tools/serve.mjs www "${PORT:-8080}"
}

run_step() {
  local name=$1; shift
  say "$name"
  if "$@"; then passed+=("$name"); else failed+=("$name"); fi
}

wasm_tests() {
  local args=() f
  for f in tests/web_*.rs; do
    [ -e "$f" ] || continue
    f=${f#tests/}; args+=(--test "${f%.rs}")
  done
  [ ${#args[@]} -gt 0 ] || { echo "no wasm-bindgen tests found"; return 1; }
  CHROMEDRIVER="$CHROMEDRIVER" WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test --release --target "$WASM_TARGET" "${args[@]}"
}

# Every browser test opens its own page with empty storage and waits for conditions, never
# for fixed times, so one run decides: a failure fails the build. The spec reporter repeats
# each failure with its error at the end of the run, where a log's tail shows it.
e2e_tests() {
  mkdir -p test-results
  node --test --test-concurrency=2 --test-timeout=180000 --test-reporter=spec tests/e2e/*.test.mjs
}

test_all() {
  build
  passed=(); failed=()
  run_step "format check (cargo fmt)" cargo fmt --check
  run_step "lint (cargo clippy, native)" cargo clippy --all-targets --all-features -- -D warnings
  run_step "lint (cargo clippy, wasm)" cargo clippy --lib --tests --target "$WASM_TARGET" -- -D warnings
  run_step "native tests (cargo test)" cargo test
  run_step "page modules without a browser (node --test tests/unit)" node --test tests/unit/
  run_step "wasm tests in headless Chromium (wasm-bindgen-test)" wasm_tests
  run_step "browser end-to-end tests" e2e_tests
  echo
  for s in "${passed[@]}"; do printf '  \033[32mok\033[0m    %s\n' "$s"; done
  for s in "${failed[@]+"${failed[@]}"}"; do printf '  \033[31mFAIL\033[0m  %s\n' "$s"; done
  echo "steps: ${#passed[@]} passed, ${#failed[@]} failed"
  [ ${#failed[@]} -eq 0 ]
}

bench() {
  build
  say "building the CLI with the peer solver it is measured against (--features peer-bench)"
  build_cli --features peer-bench
  say "native benchmarks"
  ./target/release/gridwise bench --json "$@" | tee target/bench-native.jsonl
  say "browser benchmarks (wasm in a worker, headless Chromium)"
  node benches/browser.mjs "$@"
}

dist() {
  build
  rm -rf dist
  mkdir -p dist
  cp -r www/. dist/
  say "static site ready in dist/ ($(du -sh dist | cut -f1)); serve it from any static host"
}

case "${1:-}" in
  setup) setup ;;
  build) build ;;
  serve) serve ;;
  test) test_all ;;
  bench) shift; bench "$@" ;;
  dist) dist ;;
  *) echo "usage: ./build.sh setup|build|serve|test|bench|dist" >&2; exit 2 ;;
esac
