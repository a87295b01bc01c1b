#!/usr/bin/env bash
# The dependency rule of issue 34: the terminal belongs to the command line (WaterfallSiteCLI and
# the waterfall-site executable). The library targets under Sources/ (SiteBuild, the scanner, the
# renderer, the server, the C shims...) write nothing to standard output or standard error
# themselves: SiteBuild reports through its BuildReporter, which the CLI implements. And no
# target but the executable imports WaterfallSiteCLI (Package.swift's graph forbids it too; this
# names the line).
#
#   scripts/check-terminal-writes.sh [ROOT]   checks ROOT (default: the repository); exit 1 and
#                                             "FILE:LINE: ..." for every violation
#   scripts/check-terminal-writes.sh --self-test
#                                             plants a violation in a copy and checks that the
#                                             rule catches it, with the file and the line
set -euo pipefail

# Targets that own the terminal; TemplateEmbedder is a build-time tool whose messages are the
# build's own.
allowed='^Sources/(WaterfallSiteCLI|waterfall-site|TemplateEmbedder)/'

check() {
  local root=$1 failed=0 file
  cd "$root"
  while IFS= read -r file; do
    [[ $file =~ $allowed ]] && continue
    # Comments and the insides of one-line string literals are words, not writes.
    if [[ $file == *.swift ]]; then
      pattern='(^|[^A-Za-z0-9_])(print|debugPrint|dump|fputs|puts|putchar|printf|fprintf|vprintf|vfprintf|perror)\(|FileHandle\.standard(Error|Output)|STD(OUT|ERR)_FILENO|(^|[^A-Za-z0-9_.])(stdout|stderr)([^A-Za-z0-9_]|$)|^[[:space:]]*import[[:space:]]+WaterfallSiteCLI'
    else
      pattern='(^|[^A-Za-z0-9_])(printf|fprintf|vprintf|vfprintf|puts|fputs|putchar|perror)\(|(^|[^A-Za-z0-9_.>])(stdout|stderr|STDOUT_FILENO|STDERR_FILENO)([^A-Za-z0-9_]|$)'
    fi
    if sed -E -e 's://.*$::' -e 's/"([^"\\]|\\.)*"/""/g' "$file" | grep -nE "$pattern" >/tmp/terminal-writes.$$; then
      while IFS= read -r hit; do
        echo "$file:${hit%%:*}: writes to the terminal or imports the CLI outside WaterfallSiteCLI: ${hit#*:}" >&2
      done </tmp/terminal-writes.$$
      failed=1
    fi
  done < <(find Sources -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) | sort)
  rm -f /tmp/terminal-writes.$$
  if ((failed)); then
    echo "Report through SiteBuild's BuildReporter (or return the text) and let WaterfallSiteCLI write it." >&2
  fi
  return $failed
}

if [[ ${1:-} == --self-test ]]; then
  repo=$(cd "$(dirname "$0")/.." && pwd)
  copy=$(mktemp -d)
  trap 'rm -rf "$copy"' EXIT
  cp -R "$repo/Sources" "$copy/"
  (check "$copy") || { echo "self-test: the repository itself breaks the rule" >&2; exit 1; }
  printf 'func planted() {\n    // print("a comment is fine")\n    print("a write is not")\n}\n' \
    >"$copy/Sources/SiteBuild/Planted.swift"
  if output=$(check "$copy" 2>&1); then
    echo "self-test: a print( planted in SiteBuild was not caught" >&2
    exit 1
  fi
  grep -q '^Sources/SiteBuild/Planted.swift:3: ' <<<"$output" || {
    echo "self-test: the planted print( was not named by file and line: $output" >&2
    exit 1
  }
  printf 'import WaterfallSiteCLI\n' >"$copy/Sources/SiteBuild/Planted.swift"
  if check "$copy" 2>/dev/null; then
    echo "self-test: an import of WaterfallSiteCLI planted in SiteBuild was not caught" >&2
    exit 1
  fi
  echo "self-test: planted violations are caught with their file and line"
  exit 0
fi

check "${1:-$(cd "$(dirname "$0")/.." && pwd)}"
