"""Runs a command; prints its wall seconds, CPU seconds (user + system) and peak resident
memory (MiB). CPU time is the steadier measure of one worker's throughput on a shared machine."""
import resource
import subprocess
import sys
import time

start = time.perf_counter()
result = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
if result.returncode != 0:
    sys.exit(f"{sys.argv[1]} failed with status {result.returncode}")
print(f"{seconds:.3f} {usage.ru_utime + usage.ru_stime:.3f} {usage.ru_maxrss / 1024:.1f}")
