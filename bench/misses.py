#!/usr/bin/env python3
"""The catalogue without its cache (issue 15): `make bench-misses [OLD=path/to/old/shop]`.

Every request of a row asks something nobody asked before, so the catalogue read cache cannot
answer it and the database does: a list with a new filter combination each request (1 or 2
brands, sometimes a category, page 1 or 2), a title search with a new term each request (a
piece of 3 to 6 characters of a real title), and a random page of the whole in-stock list. Each
row runs with wrk (BENCH_THREADS, BENCH_CONNECTIONS) through a Lua script that makes the
requests, at BENCH_SIZES products (plus the demo shop) on SQLite and on PostgreSQL (a throwaway
cluster from scripts/with-postgres.sh). With OLD, the old binary runs each row too, on the same
database (copied for SQLite), so before and after come from one run (several older binaries:
`misses.py label=path label=path`). The binaries' servers run side by side and take turns, row
by row, in MISSES_ROUNDS rounds (3; the order reversed every other round: old, new, new, old,
...); each row reports the median round, so that a disturbance of a few seconds moves one
round, not the comparison.

Reported per row: req/s, p99, the shop's CPU per request (utime+stime from /proc over the
measured window) and on PostgreSQL the database's CPU per request (every postgres process); per
server, its own anonymous memory (RssAnon) after the rows (issue 37: <= 150 MB at 100,000).
Writes bench/results/misses.md. Knobs: BENCH_SIZES ("10000 100000"), MISSES_DURATION (10),
MISSES_WARMUP (3), MISSES_ROUNDS (3), BENCH_BUILD (1: build the release binary first; 0: use target/release/shop).
"""

from __future__ import annotations

import datetime as dt
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared wrk, seed and server helpers)

DURATION = int(os.environ.get("MISSES_DURATION", "10"))
WARMUP = int(os.environ.get("MISSES_WARMUP", "3"))
ROUNDS = max(1, int(os.environ.get("MISSES_ROUNDS", "3")))
OUT = b.ROOT / "bench" / "results" / "misses.md"
# Goals of issue 15 on this machine: shop CPU per uncached list request, and p99.
GOAL_CPU_MS = {10_000: 0.3, 100_000: 1.0}
GOAL_P99_MS = 20.0
# Issue 37: the server's RssAnon at 100,000 products after the rows.
GOAL_RSS_ANON_MB = 150.0
ROWS = ("filter", "search", "page")
ROW_NAMES = {
    "filter": "list, a new filter combination each request",
    "search": "title search, a new term each request",
    "page": "random page of the in-stock list",
}


def lua_list(values: list[str]) -> str:
    return "{" + ",".join(b.lua_string(v) for v in values) + "}"


def scripts(work: Path, base: str) -> dict[str, Path]:
    """The three Lua scripts, with brands, categories and title pieces of this catalogue."""
    meta = json.loads(b.fetch(f"{base}/api/metadata"))
    brands = [x["id"] for x in meta["brands"]]
    categories = [x["id"] for x in meta["categories"] if x["name"] != "Apparel"]
    first = json.loads(b.fetch(f"{base}/api/products?page=1&pageSize=1&inStock=true"))
    pages = max((first["totalItems"] + 24) // 25, 1)
    rng = random.Random(15)
    titles: list[str] = []
    for page in rng.sample(range(1, (first["totalItems"] + 99) // 100 + 1), k=min(20, (first["totalItems"] + 99) // 100)):
        body = json.loads(b.fetch(f"{base}/api/products?page={page}&pageSize=100&inStock=true"))
        titles += [p["title"] for p in body["contents"]]
    pieces = sorted({
        t.lower()[i:i + n]
        for t in titles
        for n in (3, 4, 5, 6)
        for i in range(0, max(len(t) - n, 0) + 1, 2)
        if t.lower()[i:i + n].strip() == t.lower()[i:i + n]
    })
    head = "math.randomseed(os.time() + (tonumber(tostring({}):sub(8), 16) or 0))\n"
    out = {}
    out["filter"] = work / "misses-filter.lua"
    out["filter"].write_text(
        head + f"local brands = {lua_list(brands)}\nlocal categories = {lua_list(categories)}\n"
        "request = function()\n"
        "  local q = '/api/products?pageSize=25&inStock=true&page=' .. math.random(1, 2)\n"
        "  q = q .. '&brands=' .. brands[math.random(#brands)]\n"
        "  if math.random() < 0.5 then q = q .. '&brands=' .. brands[math.random(#brands)] end\n"
        "  if math.random() < 0.5 then q = q .. '&categories=' .. categories[math.random(#categories)] end\n"
        "  return wrk.format('GET', q)\n"
        "end\n"
    )
    out["search"] = work / "misses-search.lua"
    out["search"].write_text(
        head + f"local pieces = {lua_list([urllib.parse.quote(p) for p in pieces])}\n"
        "request = function()\n"
        "  return wrk.format('GET', '/api/products?page=1&pageSize=25&inStock=true&searchTitle=' .. pieces[math.random(#pieces)])\n"
        "end\n"
    )
    out["page"] = work / "misses-page.lua"
    out["page"].write_text(
        head + "request = function()\n"
        f"  return wrk.format('GET', '/api/products?pageSize=25&inStock=true&page=' .. math.random(1, {pages}))\n"
        "end\n"
    )
    b.log(f"  {len(brands)} brands, {len(categories)} categories, {len(pieces)} title pieces, {pages} pages")
    return out


def postgres_ticks() -> int:
    """CPU ticks of every postgres process of this machine (the throwaway cluster's)."""
    total = 0
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            text = Path(stat).read_text()
        except OSError:
            continue
        name = text[text.find("(") + 1:text.rfind(")")]
        if name.startswith("postgres"):
            fields = text[text.rfind(")") + 2:].split()
            total += int(fields[11]) + int(fields[12])
    return total


INDEX_BUILT = "catalogue list index built"
# How long a server may take to build its list index before the rows are measured anyway.
INDEX_TIMEOUT_S = 300


def has_index(binary: Path) -> bool:
    """Whether `binary` builds the catalogue's list index (it carries the log line's text)."""
    return INDEX_BUILT.encode() in binary.read_bytes()


def wait_for_index(log: Path) -> int | None:
    """Waits for the server's log to say the list index is built; answers its build time in ms
    (None when it did not say so in time: the rows then measure SQL's answers too)."""
    deadline = time.time() + INDEX_TIMEOUT_S
    while time.time() < deadline:
        for line in log.read_text(errors="replace").splitlines():
            if INDEX_BUILT in line:
                found = re.search(r"ms=(\d+)", line)
                return int(found.group(1)) if found else 0
        time.sleep(0.2)
    return None


def measure(work: Path, servers: dict[str, tuple[Path, str | Path]], postgres: bool) -> dict:
    """Starts each server (`label: (binary, database)`), waits until each has built its list
    index (if it builds one: a server that has been up a while has it, and until then SQL
    answers), and runs the rows in rounds, the servers in turns; answers each server's figures,
    each row's the median round by req/s with every round's req/s."""
    running = {}
    try:
        for label, (binary, db) in servers.items():
            b.BIN = binary
            running[label] = b.start_shop(work, db, {"RUST_LOG": "warn,persistence::catalogue::index=info"})
        results: dict = {label: {} for label in servers}
        for label, (binary, _) in servers.items():
            if has_index(binary):
                results[label]["index_ms"] = wait_for_index(work / f"shop-{running[label][1]}.log")
        # The servers hold copies of one database: the scripts are the same for each.
        labels = list(servers)
        luas = scripts(work, f"http://{b.HOST}:{running[labels[-1]][1]}")
        for row in ROWS:
            turns: dict[str, list[dict]] = {label: [] for label in labels}
            for round_no in range(ROUNDS):
                for label in labels if round_no % 2 == 0 else labels[::-1]:
                    shop, port = running[label]
                    base = f"http://{b.HOST}:{port}"
                    b.log(f"  {label}: {ROW_NAMES[row]} (round {round_no + 1}/{ROUNDS})")
                    b.wrk(base + "/api/products", WARMUP, latency=False, script=luas[row])
                    shop_before, db_before = b.cpu_ticks(shop.pid), postgres_ticks() if postgres else 0
                    r = b.wrk(base + "/api/products", DURATION, script=luas[row])
                    shop_ticks = b.cpu_ticks(shop.pid) - shop_before
                    db_ticks = (postgres_ticks() - db_before) if postgres else 0
                    n = r["requests"] or 1
                    r["cpu_ms"] = shop_ticks * 1000 / b.CLK_TCK / n
                    r["db_cpu_ms"] = db_ticks * 1000 / b.CLK_TCK / n if postgres else None
                    r["load"] = b.loadavg()
                    turns[label].append(r)
            for label, runs in turns.items():
                median = sorted(runs, key=lambda r: r["rps"])[len(runs) // 2]
                results[label][row] = dict(median, rounds=[r["rps"] for r in runs])
        for label, (shop, _) in running.items():
            results[label]["rss_anon_mb"] = rss_anon_mb(shop.pid)
    finally:
        for shop, _ in running.values():
            b.stop(shop)
    return results


def rss_anon_mb(pid: int) -> float:
    """The server's own anonymous memory (RssAnon): its heap, the list index included."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run_backend(work: Path, backend: str, binaries: list[tuple[str, Path]]) -> dict:
    """Every size on one backend: {size: {label: {row: figures}}}."""
    results: dict = {}
    for size in b.SIZES:
        if backend == "SQLite":
            seeded = work / f"misses-{size}.db"
            b.BIN = binaries[-1][1]
            b.seed(seeded, size)
        else:
            server = os.environ["TEST_DATABASE_URL"]
            parts = urllib.parse.urlsplit(server)
            assert parts.hostname in ("127.0.0.1", "localhost", "::1"), b.redact(server)
            name = f"shop_misses_{size}"
            psql = b.psql_bin()
            b.run([psql, "-q", "-d", server, "-c", f"DROP DATABASE IF EXISTS {name}"])
            b.run([psql, "-q", "-d", server, "-c", f"CREATE DATABASE {name}"])
            seeded = urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
            b.BIN = binaries[-1][1]
            b.seed(seeded, size)
            b.run([psql, "-q", "-d", seeded, "-c", "VACUUM ANALYZE"])
        servers = {}
        for label, binary in binaries:
            db = seeded
            if backend == "SQLite":
                db = work / f"misses-{size}-{label}.db"
                shutil.copy(seeded, db)
            servers[label] = (binary, db)
        b.log(f"[{backend} {size:,}] " + ", ".join(label for label, _ in binaries))
        results[size] = measure(work, servers, backend == "PostgreSQL")
    return results


def report(runs: dict, binaries: list[tuple[str, Path]], started: dt.datetime, elapsed: float) -> str:
    lines = [
        "# The catalogue without its cache (issue 15)",
        "",
        f"- Run {started:%Y-%m-%d %H:%M} UTC, {elapsed / 60:.1f} min; machine: {b.machine()}; "
        f"commit: {b.git_commit()}",
        f"- wrk {b.THREADS} threads, {b.CONNECTIONS} connections, {WARMUP} s warm-up + {DURATION} s per row; "
        "every request a new filter combination, title piece or page (Lua), so the read cache cannot "
        "answer it. Binaries: " + ", ".join(f"{label} = {path}" for label, path in binaries) + ".",
        "- CPU ms/req: the shop's CPU time over the measured window per request; db CPU ms/req: every "
        "postgres process's (PostgreSQL only). Goals: shop CPU <= 0.3 ms at 10,000 and <= 1 ms at 100,000 "
        f"products, p99 <= {GOAL_P99_MS:.0f} ms.",
        f"- {ROUNDS} rounds, the servers in turns (the order reversed every other round); each row is "
        f"the median round by req/s. vs {binaries[0][0]}: req/s over the first binary's.",
        "",
        f"| database | products | row | binary | req/s | rounds | vs {binaries[0][0]} | p50 ms | p99 ms | CPU ms/req "
        "| db CPU ms/req | non-2xx | load avg |",
        "|---|---:|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    verdicts = []
    builds = []
    memory = []
    for backend, results in runs.items():
        if "skipped" in results:
            lines.append(f"| {backend} | | {results['skipped']} | | | | | | | | |")
            continue
        for size, by_label in sorted(results.items(), key=lambda kv: int(kv[0])):
            size = int(size)
            for row in ROWS:
                for label, _ in binaries:
                    r = by_label[label][row]
                    db_cpu = "" if r["db_cpu_ms"] is None else f"{r['db_cpu_ms']:.3f}"
                    rounds = " / ".join(f"{rps:,.0f}" for rps in r.get("rounds", [r["rps"]]))
                    first = by_label[binaries[0][0]][row]["rps"]
                    ratio = f"{r['rps'] / first:.2f}x" if first else "-"
                    lines.append(
                        f"| {backend} | {size:,} | {ROW_NAMES[row]} | {label} | {r['rps']:,.0f} | {rounds} | {ratio} | "
                        f"{r['p50']:.2f} | "
                        f"{r['p99']:.2f} | {r['cpu_ms']:.3f} | {db_cpu} | {r['errors']} | {r['load']:.1f} |"
                    )
                new = by_label[binaries[-1][0]][row]
                if row == ROWS[0]:
                    memory.append(
                        f"{backend} {size:,}: "
                        + ", ".join(
                            f"{label} {by_label[label]['rss_anon_mb']:.1f} MB"
                            for label, _ in binaries
                            if "rss_anon_mb" in by_label[label]
                        )
                    )
                    rss = by_label[binaries[-1][0]].get("rss_anon_mb")
                    if size == 100_000 and rss is not None:
                        verdicts.append(
                            f"- {'MET' if rss <= GOAL_RSS_ANON_MB else 'MISSED'}: {backend}, {size:,} products, "
                            f"the server's RssAnon after the rows: {rss:.1f} MB (goal <= {GOAL_RSS_ANON_MB:.0f})"
                        )
                    built = by_label[binaries[-1][0]].get("index_ms", "absent")
                    builds.append(
                        f"{backend} {size:,}: "
                        + ("not built in time" if built is None else "no index" if built == "absent" else f"{built:,} ms")
                    )
                goal = GOAL_CPU_MS.get(size)
                if goal is not None:
                    met = new["cpu_ms"] <= goal and new["p99"] <= GOAL_P99_MS
                    verdicts.append(
                        f"- {'MET' if met else 'MISSED'}: {backend}, {size:,} products, {ROW_NAMES[row]}: "
                        f"{new['cpu_ms']:.3f} ms CPU (goal <= {goal}), p99 {new['p99']:.2f} ms (goal <= {GOAL_P99_MS:.0f})"
                    )
    waited = (
        "- Each server was started, then the rows waited until its list index was built (its log's "
        "\"catalogue list index built\", in the background from start-up; SQL answers until then). "
        "Build time of the new binary's index: " + "; ".join(builds) + "."
    )
    held = (
        "- The server's own anonymous memory (RssAnon, /proc) after its three rows, the list index "
        "included: " + "; ".join(memory) + "."
    )
    return "\n".join(lines + ["", waited, held, "", *verdicts, ""])


def main() -> int:
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "--postgres":
        out, binaries = Path(args[1]), json.loads(args[2])
        work = Path(tempfile.mkdtemp(prefix="shop-misses-pg-"))
        os.chmod(work, 0o755)
        try:
            results = run_backend(work, "PostgreSQL", [(label, Path(p)) for label, p in binaries])
        finally:
            shutil.rmtree(work, ignore_errors=True)
        out.write_text(json.dumps(results))
        return 0
    # Arguments: older binaries to run beside the new one, each `path` (labelled old) or
    # `label=path`.
    binaries: list[tuple[str, Path]] = []
    for arg in args:
        label, _, path = arg.rpartition("=")
        binaries.append((label or "old", Path(path).resolve()))
    binaries.append(("new", b.BIN))
    b.ensure_tools(("wrk",))
    if b.BUILD:
        b.run(["cargo", "build", "--release", "-p", "shop-api", "--bin", "shop"], cwd=b.ROOT)
    started, t0 = dt.datetime.now(dt.timezone.utc), time.time()
    work = Path(tempfile.mkdtemp(prefix="shop-misses-"))
    os.chmod(work, 0o755)
    runs: dict = {}
    try:
        runs["SQLite"] = run_backend(work, "SQLite", binaries)
        if os.environ.get("TEST_DATABASE_URL") or glob.glob("/usr/lib/postgresql/*/bin/postgres"):
            out = work / "postgres.json"
            rc = subprocess.run(
                [str(b.ROOT / "scripts" / "with-postgres.sh"), sys.executable, str(Path(__file__).resolve()),
                 "--postgres", str(out), json.dumps([(label, str(p)) for label, p in binaries])],
                cwd=b.ROOT,
            ).returncode
            runs["PostgreSQL"] = json.loads(out.read_text()) if rc == 0 and out.exists() else {
                "skipped": f"the PostgreSQL run failed (exit status {rc})"}
        else:
            runs["PostgreSQL"] = {"skipped": "PostgreSQL is not installed"}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = report(runs, binaries, started, time.time() - t0)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
