#!/usr/bin/env python3
"""Paired A/B of one environment switch: what a process fitting gains on a shared, noisy machine.

    python3 Benchmarks/fittings/paired.py PAIRS [--env VAR=VALUE] [--retire PATH] -- COMMAND...

Runs COMMAND PAIRS times as it is ("on") and PAIRS times with VAR=VALUE added to its environment
("off"; by default WATERFALL_SITE_NO_FITTINGS=1), the two runs of a pair back to back and their
order alternating, so the slow swings of other work on the machine hit both alike. Prints the
median over the pairs of off ÷ on for wall-clock time and for CPU time (user + system), and the
medians of each side. --retire moves PATH aside before every run (a cold build into a fresh
output; moved, not deleted, because a folder deleted just before slows the next one's mkdirs on
ext4). Standard output of COMMAND is discarded; a failing run stops the measurement.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pairs", type=int)
    parser.add_argument("--env", default="WATERFALL_SITE_NO_FITTINGS=1")
    parser.add_argument("--retire")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command or "=" not in options.env:
        parser.error("give --env VAR=VALUE and a command after --")
    name, value = options.env.split("=", 1)
    trash = None
    if options.retire:
        trash = os.path.join(os.path.dirname(os.path.abspath(options.retire)), ".trash-paired")
        os.makedirs(trash, exist_ok=True)

    def run(off):
        if trash and os.path.exists(options.retire):
            os.rename(options.retire, os.path.join(trash, str(time.time_ns())))
        environment = dict(os.environ)
        if off:
            environment[name] = value
        started = time.perf_counter()
        process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        if status != 0:
            sys.exit(f"'{' '.join(command)}' failed (status {status})")
        return time.perf_counter() - started, usage.ru_utime + usage.ru_stime

    load = open("/proc/loadavg").read().split()[0]
    on, off = [], []
    for index in range(options.pairs):
        if index % 2:
            off.append(run(True))
            on.append(run(False))
        else:
            on.append(run(False))
            off.append(run(True))
    ratio = lambda k: statistics.median(b[k] / a[k] for a, b in zip(on, off))
    median = lambda runs, k: statistics.median(r[k] for r in runs) * 1000
    print(
        f"{' '.join(command)}\n  {options.pairs} pairs, {options.env} off ÷ on: wall {ratio(0):.3f}, "
        f"CPU {ratio(1):.3f} (on: {median(on, 0):.1f} ms, {median(on, 1):.1f} ms CPU; off: "
        f"{median(off, 0):.1f} ms, {median(off, 1):.1f} ms CPU; load average {load} at the start, "
        f"{open('/proc/loadavg').read().split()[0]} at the end)")


main()
