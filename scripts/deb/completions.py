#!/usr/bin/env python3
"""Writes bash, zsh and fish completions for waterfall-site from the program's own --help texts.

Each command's options are read from its --help (a line indented two spaces that starts with
"-": the flags, then an argument in capitals when the option takes one), so the completions
offer exactly what the packaged binary accepts. An argument named DIR, PHOTOS or FOLDER
completes folders; FILE, PATH or CONFIG completes files; any other argument completes nothing.

    completions.py BINARY OUT_FOLDER   writes waterfall-site.bash, _waterfall-site, waterfall-site.fish
"""

import os
import re
import subprocess
import sys

COMMANDS = {
    "build": "Build the site",
    "check": "List the problems of the photos and metadata",
    "serve": "Build, preview, rebuild and reload on changes",
    "init": "Write waterfall.json and metadata.csv to fill in",
    "scan": "Measure every photo, report problems",
    "renditions": "One shard of the resized copies",
}
OPTION_LINE = re.compile(r"^  (-\S.*?)(?:\s{2,}(\S.*))?$")
FLAG = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")
FOLDERS = {"DIR", "PHOTOS", "FOLDER"}
FILES = {"FILE", "PATH", "CONFIG"}


class Option:
    def __init__(self, flags: list[str], argument: str | None, summary: str):
        self.flags, self.argument, self.summary = flags, argument, summary

    @property
    def completes(self) -> str:
        """`dirs`, `files`, `none` (an argument to type) or `flag` (no argument)."""
        if self.argument is None:
            return "flag"
        words = set(re.findall(r"[A-Z]+", self.argument))
        return "dirs" if words & FOLDERS else "files" if words & FILES else "none"


def options(binary: str, command: str) -> list[Option]:
    text = subprocess.run([binary, command, "--help"], check=True, capture_output=True,
                          text=True).stdout
    found: dict[tuple[str, ...], Option] = {}
    lines = text.split("\n")
    for index, line in enumerate(lines):
        match = OPTION_LINE.match(line)
        if not match:
            continue
        description = [match.group(2) or ""]
        for following in lines[index + 1:]:
            if not following.startswith("   ") or OPTION_LINE.match(following):
                break
            description.append(following.strip())
        term = match.group(1).strip()
        flags = FLAG.findall(term.split(" ", 1)[0] + " " + " ".join(
            w for w in term.split(" ")[1:] if w.startswith("-")))
        rest = [w for w in re.split(r"[ ,]+", term) if w and not w.startswith("-")]
        argument = rest[0].split("|")[0] if rest and re.match(r"^[A-Z]", rest[0]) else None
        summary = " ".join(d for d in description if d).split(". ")[0].split(" (")[0]
        summary = summary.split("; ")[0].rstrip(".")
        if flags:
            found.setdefault(tuple(flags), Option(flags, argument, summary))
    return list(found.values())


def bash(table: dict[str, list[Option]]) -> str:
    lines = ["# bash completion for waterfall-site (generated from its --help; do not edit)",
             "_waterfall_site() {",
             '    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}',
             "    if ((COMP_CWORD == 1)); then",
             f'        COMPREPLY=($(compgen -W "{" ".join(table)} --help --version" -- "$cur"))',
             "        return",
             "    fi",
             '    case "${COMP_WORDS[1]}" in']
    for command, opts in table.items():
        dirs = [f for o in opts if o.completes == "dirs" for f in o.flags]
        files = [f for o in opts if o.completes == "files" for f in o.flags]
        none = [f for o in opts if o.completes == "none" for f in o.flags]
        words = " ".join(f for o in opts for f in o.flags)
        lines += [f"    {command})", '        case "$prev" in']
        for flags, action in ((dirs, "compgen -d"), (files, "compgen -f"), (none, None)):
            if flags:
                reply = f'COMPREPLY=($({action} -- "$cur"))' if action else "COMPREPLY=()"
                lines += [f"            {'|'.join(flags)}) {reply}; return ;;"]
        lines += ["        esac",
                  f'        if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "{words}" -- "$cur"))',
                  '        else COMPREPLY=($(compgen -d -- "$cur")); fi',
                  "        ;;"]
    lines += ["    esac", "}", "complete -o filenames -F _waterfall_site waterfall-site", ""]
    return "\n".join(lines)


def zsh_quote(text: str) -> str:
    return text.replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def zsh(table: dict[str, list[Option]]) -> str:
    lines = ["#compdef waterfall-site",
             "# zsh completion for waterfall-site (generated from its --help; do not edit)",
             "_waterfall-site() {",
             "    local -a commands",
             "    commands=(" + " ".join(f"'{c}:{zsh_quote(d)}'" for c, d in COMMANDS.items()) + ")",
             "    if (( CURRENT == 2 )); then",
             "        _describe command commands",
             "        return",
             "    fi",
             "    case $words[2] in"]
    for command, opts in table.items():
        specs = []
        for o in opts:
            action = {"dirs": ":folder:_files -/", "files": ":file:_files",
                      "none": f":{(o.argument or '').lower()}:", "flag": ""}[o.completes]
            names = o.flags[0] if len(o.flags) == 1 else "{" + ",".join(o.flags) + "}"
            exclusive = f"'({' '.join(o.flags)})'" if len(o.flags) > 1 else ""
            specs.append(f"{exclusive}{names}'[{zsh_quote(o.summary)}]{action}'")
        lines += [f"    {command})", "        shift words; (( CURRENT-- ))",
                  "        _arguments -s \\"]
        lines += [f"            {spec} \\" for spec in specs]
        lines += ["            '*:folder:_files -/'", "        ;;"]
    lines += ["    esac", "}", '_waterfall-site "$@"', ""]
    return "\n".join(lines)


def fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def fish(table: dict[str, list[Option]]) -> str:
    lines = ["# fish completion for waterfall-site (generated from its --help; do not edit)",
             "complete -c waterfall-site -f",
             f"complete -c waterfall-site -n __fish_use_subcommand -l version -d 'Print the version'"]
    for command, description in COMMANDS.items():
        lines.append(f"complete -c waterfall-site -n __fish_use_subcommand -a {command}"
                     f" -d {fish_quote(description)}")
    for command, opts in table.items():
        condition = f"-n '__fish_seen_subcommand_from {command}'"
        lines.append(f"complete -c waterfall-site {condition} -a '(__fish_complete_directories)'")
        for o in opts:
            names = " ".join(f"-s {f[1:]}" if not f.startswith("--") else f"-l {f[2:]}"
                             for f in o.flags)
            action = {"dirs": " -r -a '(__fish_complete_directories)'", "files": " -r -F",
                      "none": " -x", "flag": ""}[o.completes]
            lines.append(f"complete -c waterfall-site {condition} {names}{action}"
                         f" -d {fish_quote(o.summary)}")
    return "\n".join(lines) + "\n"


def main() -> int:
    binary, folder = sys.argv[1:3]
    table = {command: options(binary, command) for command in COMMANDS}
    os.makedirs(folder, exist_ok=True)
    for name, text in (("waterfall-site.bash", bash(table)), ("_waterfall-site", zsh(table)),
                       ("waterfall-site.fish", fish(table))):
        with open(os.path.join(folder, name), "w") as file:
            file.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
