#!/usr/bin/env python3
"""HTTP load client: REQUESTS GETs over CONCURRENCY connections, each thread on its own
connection (kept alive when the server allows it, reopened when it closes). Python standard
library only, so the same client measures every server.

    load.py URL_BASE PATHS_FILE [REQUESTS] [CONCURRENCY]

Prints one JSON line: requests, errors, seconds, requests per second, latency p50/p99 in ms.
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse


def main():
    base = urllib.parse.urlsplit(sys.argv[1])
    with open(sys.argv[2]) as f:
        # File names may hold spaces and other characters a request target must escape.
        paths = [urllib.parse.quote(line.strip()) for line in f if line.strip()]
    total = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    concurrency = int(sys.argv[4]) if len(sys.argv) > 4 else 50
    latencies = []
    errors = [0]
    lock = threading.Lock()
    counter = [0]
    start_gate = threading.Barrier(concurrency + 1)

    def worker(index):
        connection = None
        mine = []
        failed = 0
        start_gate.wait()
        while True:
            with lock:
                if counter[0] >= total:
                    break
                number = counter[0]
                counter[0] += 1
            path = paths[number % len(paths)]
            began = time.perf_counter()
            try:
                if connection is None:
                    connection = http.client.HTTPConnection(base.hostname, base.port, timeout=30)
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    failed += 1
                if response.getheader("Connection", "").lower() == "close" or response.version == 10:
                    connection.close()
                    connection = None
            except (OSError, http.client.HTTPException):
                failed += 1
                if connection:
                    connection.close()
                connection = None
            mine.append(time.perf_counter() - began)
        if connection:
            connection.close()
        with lock:
            latencies.extend(mine)
            errors[0] += failed

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(concurrency)]
    for thread in threads:
        thread.start()
    start_gate.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    latencies.sort()
    def percentile(p):
        return latencies[min(len(latencies) - 1, int(len(latencies) * p))] * 1000
    print(json.dumps({"requests": len(latencies), "errors": errors[0], "seconds": round(seconds, 3),
                      "rps": round(len(latencies) / seconds), "p50_ms": round(percentile(0.50), 2),
                      "p99_ms": round(percentile(0.99), 2)}))


if __name__ == "__main__":
    main()
