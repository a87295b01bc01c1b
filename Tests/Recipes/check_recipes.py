#!/usr/bin/env python3
"""Checks the recipes of docs/renditions.md for renditions on many machines, as far as one machine allows.

    check_recipes.py WATERFALL_SITE_BINARY

The Kubernetes Indexed Job and the GitHub Actions matrix are read as YAML: the shard count in
the command matches the job's completions or the matrix, the index comes from the engine, and
the build runs after every shard. The GNU parallel recipe runs here, with `--sshlogin :` (this
machine) for the hosts and a temporary folder for the shared mount; the build after it must
encode nothing and equal a plain build's renditions.
"""
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def section():
    with open(os.path.join(ROOT, "docs", "renditions.md"), encoding="utf-8") as readme:
        text = readme.read()
    start = text.index("## Renditions on many machines")
    # The section runs to the next one, or to the end of the page.
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def shard_count(command, index_pattern):
    found = re.search(r"--shard " + index_pattern + r"/(\d+)", command)
    return int(found.group(1)) if found else None


def check_kubernetes(job):
    spec = job["spec"]
    container = spec["template"]["spec"]["containers"][0]
    command = " ".join(container["command"])
    count = shard_count(command, re.escape("$JOB_COMPLETION_INDEX"))
    check(job["kind"] == "Job" and spec.get("completionMode") == "Indexed",
          "Kubernetes: an Indexed Job")
    check(count is not None and count == spec["completions"],
          f"Kubernetes: --shard $JOB_COMPLETION_INDEX/{count} for {spec['completions']} completions")
    check(spec.get("parallelism", 1) <= spec["completions"], "Kubernetes: parallelism ≤ completions")
    check("renditions" in command and "--store" in command, "Kubernetes: the shard writes a store")
    mounts = {mount["mountPath"]: mount for mount in container["volumeMounts"]}
    check(re.search(r"--store (\S+)", command).group(1) in mounts, "Kubernetes: the store is mounted")


def check_actions(workflow):
    jobs = workflow["jobs"]
    shards = jobs["renditions"]["strategy"]["matrix"]["shard"]
    runs = [step.get("run", "") for step in jobs["renditions"]["steps"]]
    command = next(run for run in runs if "renditions" in run)
    count = shard_count(command, re.escape("${{ matrix.shard }}"))
    check(shards == list(range(count or 0)), f"GitHub Actions: matrix {shards} for --shard …/{count}")
    site_runs = [step.get("run", "") for step in jobs["site"]["steps"]]
    check(jobs["site"].get("needs") == "renditions", "GitHub Actions: the build waits for every shard")
    check(any("build" in run and "--rendition-store" in run for run in site_runs),
          "GitHub Actions: the build links from the store")


def run_parallel(recipe, binary):
    work = tempfile.mkdtemp(prefix="waterfall-recipes-")
    try:
        photos = os.path.join(work, "photos")
        samples = os.path.join(ROOT, "SampleImages")
        for folder in sorted(os.listdir(samples))[:2]:
            if os.path.isdir(os.path.join(samples, folder)):
                shutil.copytree(os.path.join(samples, folder), os.path.join(photos, folder))
        script = re.sub(r"--sshlogin \S+", "--sshlogin :", recipe)
        script = script.replace("/mnt/gallery", work).replace("waterfall-site ", binary + " ")
        check("--sshlogin :" in script, "GNU parallel: the hosts replaced by this machine")
        # In the work folder: the recipe's build writes the default ./_site.
        run = subprocess.run(["bash", "-e", "-c", script], capture_output=True, text=True, cwd=work,
                             env=dict(os.environ, PARALLEL="--will-cite"), timeout=900)
        check(run.returncode == 0, f"GNU parallel: the recipe ran (status {run.returncode}) {run.stderr[-400:]}")
        check(", 0 encoded" in run.stdout, f"GNU parallel: the build encoded nothing: {run.stdout.strip()[-300:]}")
        shards = re.findall(r"^Shard (\d+)/4:", run.stdout, re.M)
        check(sorted(shards) == ["0", "1", "2", "3"], f"GNU parallel: shards {sorted(shards)} ran")
        plain = os.path.join(work, "plain")
        subprocess.run([binary, "build", photos, "-o", plain, "--quiet"], check=True)
        comparison = filecmp.dircmp(os.path.join(work, "_site"), plain)
        check(not comparison.diff_files and not comparison.left_only and not comparison.right_only,
              "GNU parallel: the site equals a plain build at the top level")
        renditions = filecmp.dircmp(os.path.join(work, "_site", "renditions"), os.path.join(plain, "renditions"))
        _, mismatch, errors = filecmp.cmpfiles(
            renditions.left, renditions.right, renditions.common_files, shallow=False)
        check(not mismatch and not errors and not renditions.left_only and not renditions.right_only,
              f"GNU parallel: {len(renditions.common_files)} renditions, the same bytes as a plain build's")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    blocks = re.findall(r"```(\w+)\n(.*?)```", section(), re.S)
    documents = [yaml.safe_load(body) for language, body in blocks if language == "yaml"]
    scripts = [body for language, body in blocks if language == "sh"]
    check(len(documents) == 2 and len(scripts) == 1, "docs/renditions.md has the three recipes")
    check_kubernetes(documents[0])
    check_actions(documents[1])
    if shutil.which("parallel"):
        run_parallel(scripts[0], binary)
    else:
        check(False, "GNU parallel is installed (apt-get install parallel)")
    print(f"{len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
