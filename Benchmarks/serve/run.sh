#!/usr/bin/env bash
# serve benchmark:
#  - 10,000 GETs at 50 concurrent connections against `waterfall-site serve` and against
#    `python3 -m http.server` serving the same built folder (same stdlib-Python client, load.py):
#    requests per second, p50 and p99 latency, errors;
#  - the time from a caption write to reload-ready (the event stream announcing the new build) in
#    a COUNT-photo folder (default 100,000; the corpus of Benchmarks/scan/generate_corpus.py).
#
#   Benchmarks/serve/run.sh [COUNT]
#
# Uses .build/release/waterfall-site (built when missing; BINARY=PATH for another), and the corpus
# in CORPUS when given (a folder of Benchmarks/scan/generate_corpus.py with COUNT photos). Prints a
# markdown table, or with JSON=1 one JSON object (Benchmarks/run.sh reads that). The machine is
# shared: figures move.
set -euo pipefail

count="${1:-100000}"
here="$(cd "$(dirname "$0")" && pwd)"
package="$(cd "$here/../.." && pwd)"
work="$here/.work"
binary="${BINARY:-$package/.build/release/waterfall-site}"
mkdir -p "$work"
[ -x "$binary" ] || (cd "$package" && swift build -c release --product waterfall-site >&2)
python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow

# Load: the sample site, every page, stylesheet and photo in turn.
site="$work/sample-site"
rm -rf "$site" "$work/sample"
cp -r "$package/SampleImages" "$work/sample"
"$binary" build "$work/sample" -o "$site" --quiet
(cd "$site" && find . -type f ! -name '.*' | sed 's|^\.||' | sort) > "$work/paths.txt"

"$binary" serve "$work/sample" -o "$site" --port 0 --quiet > "$work/serve.out" 2>/dev/null &
serve_pid=$!
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$site" > "$work/python.out" 2>&1 &
python_pid=$!
trap 'kill -INT $serve_pid 2>/dev/null; kill $python_pid 2>/dev/null' EXIT
for _ in $(seq 100); do
    grep -q "http://" "$work/serve.out" 2>/dev/null && grep -q "port" "$work/python.out" 2>/dev/null && break
    sleep 0.1
done
ours_port=$(grep -o '127.0.0.1:[0-9]*' "$work/serve.out" | head -1 | cut -d: -f2)
python_port=$(grep -o 'port [0-9]*' "$work/python.out" | head -1 | cut -d' ' -f2)
ours=$(python3 "$here/load.py" "http://127.0.0.1:$ours_port" "$work/paths.txt" 10000 50)
theirs=$(python3 "$here/load.py" "http://127.0.0.1:$python_port" "$work/paths.txt" 10000 50)
kill -INT $serve_pid; kill $python_pid; wait 2>/dev/null || true
trap - EXIT

# Reload: a caption write in a COUNT-photo folder.
corpus="${CORPUS:-$work/nested-$count}"
if [ ! -f "$corpus/.complete" ]; then
    rm -rf "$corpus"
    python3 "$package/Benchmarks/scan/generate_corpus.py" "$corpus" "$count" >&2
    touch "$corpus/.complete"
fi
rm -rf "$work/big-site"
reload=$(python3 "$here/reload_time.py" "$binary" "$corpus" "$work/big-site" 5)

python3 - "$ours" "$theirs" "$reload" "$count" "${JSON:-0}" <<'PY'
import json, sys
ours, theirs, reload = (json.loads(a) for a in sys.argv[1:4])
count = int(sys.argv[4])
if sys.argv[5] == "1":
    print(json.dumps({"count": count, "ours": ours, "python": theirs, "reload": reload}))
    sys.exit(0)
print("| benchmark | waterfall-site serve | python3 -m http.server | ratio |")
print("|---|---|---|---|")
print(f"| 10,000 GETs, 50 connections: requests/s | {ours['rps']:,} | {theirs['rps']:,} | {ours['rps'] / theirs['rps']:.2f}× |")
print(f"| p99 latency | {ours['p99_ms']} ms | {theirs['p99_ms']} ms | {theirs['p99_ms'] / max(ours['p99_ms'], 0.001):.2f}× lower |")
print(f"| p50 latency | {ours['p50_ms']} ms | {theirs['p50_ms']} ms | |")
print(f"| errors | {ours['errors']} | {theirs['errors']} | |")
print()
print(f"Caption write → reload-ready, {count:,} photos (no renditions): median {reload['median_s']} s, "
      f"best {reload['best_s']} s, rounds {reload['rounds_s']} (goal < 1 s), the server's CPU time "
      f"{reload['cpu_s']} s; first build {reload['first_build_s']} s")
PY
