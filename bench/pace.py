#!/usr/bin/env python3
"""Cached answers at nginx's pace (issue 37): `make bench-pace [OLD=path/to/old/shop]`.

The cached list page, a filtered list and a product detail, each served by the shop from its
read cache and by nginx as static files holding the same bytes, loaded with wrk (BENCH_THREADS,
BENCH_CONNECTIONS) in turns: shop, nginx, shop with the default log level, (old shop, old shop
with the default log level), then again, PACE_ROUNDS times, so that a slower or busier moment of
the machine falls on every server alike. The row of each server is the median of its rounds.

- `warn`: RUST_LOG=warn, as the other benches run (no access log).
- `info`: the default log level, every request writing its access line; standard output goes to
  a file, as under a service manager that keeps the log.
- nginx: `access_log off`, sendfile, two workers (bench.py's static ceiling).

Reported per row: req/s, p99, the shop's CPU per request; the shop's ratio to nginx, and the
default log level's throughput as a share of `warn`'s (issue 37: the access log may cost at most
10 %, the shop at least 0.95x nginx). Writes bench/results/pace.md. Knobs: PACE_PRODUCTS (10000),
PACE_ROUNDS (3), PACE_DURATION (8), PACE_WARMUP (2), BENCH_BUILD (1: build the release binary
first; 0: use target/release/shop).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared wrk, nginx, seed and server helpers)

PRODUCTS = int(os.environ.get("PACE_PRODUCTS", "10000"))
ROUNDS = int(os.environ.get("PACE_ROUNDS", "3"))
DURATION = int(os.environ.get("PACE_DURATION", "8"))
WARMUP = int(os.environ.get("PACE_WARMUP", "2"))
OUT = b.ROOT / "bench" / "results" / "pace.md"
GOAL_RATIO = 0.95
GOAL_LOG_SHARE = 0.90


def scenarios(base: str) -> list[tuple[str, str, str]]:
    """(name, path, the file nginx serves it as), filter values from the seeded catalogue."""
    page = json.loads(b.fetch(base + b.LIST_PATH))
    sample = page["contents"][len(page["contents"]) // 2]
    filters = f"brands={sample['brand']['id']}&categories={sample['category']['id']}"
    return [
        ("list page 1 (pageSize 25)", b.LIST_PATH, "list.json"),
        ("brand + category", f"/api/products?page=1&pageSize=25&inStock=true&{filters}", "filtered.json"),
        ("product detail", f"/api/products/{sample['id']}", "detail.json"),
    ]


def measure(url: str, pid: int | None) -> dict:
    b.wrk(url, WARMUP, latency=False)
    before = b.cpu_ticks(pid) if pid else 0
    r = b.wrk(url, DURATION)
    if pid:
        ticks = b.cpu_ticks(pid) - before
        r["cpu_ms"] = ticks * 1000 / b.CLK_TCK / r["requests"] if r["requests"] else float("nan")
    else:
        r["cpu_ms"] = None
    return r


def median_row(runs: list[dict]) -> dict:
    rps = statistics.median(r["rps"] for r in runs)
    cpu = [r["cpu_ms"] for r in runs if r["cpu_ms"] is not None]
    return {
        "rps": rps,
        "rounds": [r["rps"] for r in runs],
        "p99": statistics.median(r["p99"] for r in runs),
        "cpu_ms": statistics.median(cpu) if cpu else None,
        "errors": sum(r["errors"] for r in runs),
    }


def report(results: dict, servers: list[str], started: dt.datetime, elapsed: float) -> str:
    lines = [
        "# Cached answers at nginx's pace (make bench-pace)",
        "",
        f"{started:%Y-%m-%d %H:%M} UTC, {b.machine()}, commit {b.git_commit()}, {elapsed / 60:.1f} min. "
        f"SQLite, {PRODUCTS:,} products (+ the demo shop); wrk -t{b.THREADS} -c{b.CONNECTIONS}, "
        f"{WARMUP} s warm-up and {DURATION} s measured per turn; servers in turns ({', '.join(servers)}), "
        f"{ROUNDS} rounds, each row the median of its rounds. `warn`: RUST_LOG=warn; `info`: the default "
        "level, an access line per request written to a file; nginx: the same bytes as static files, "
        "access log off.",
        "",
        "| scenario | server | req/s (median) | rounds | p99 ms | shop CPU ms/req | vs nginx | vs its `warn` |",
        "|---|---|---:|---|---:|---:|---:|---:|",
    ]
    verdicts = []
    for scenario, rows in results.items():
        ceiling = rows["nginx"]["rps"]
        for server in servers:
            r = rows[server]
            ratio = r["rps"] / ceiling if ceiling else float("nan")
            base = server.replace(" info", " warn")
            share = r["rps"] / rows[base]["rps"] if server.endswith(" info") and rows[base]["rps"] else None
            cpu = "-" if r["cpu_ms"] is None else f"{r['cpu_ms']:.3f}"
            lines.append(
                f"| {scenario} | {server} | {r['rps']:,.0f} | {' / '.join(f'{x:,.0f}' for x in r['rounds'])} "
                f"| {r['p99']:.2f} | {cpu} | {'-' if server == 'nginx' else f'{ratio:.2f}x'} "
                f"| {'-' if share is None else f'{share:.2f}'} |"
            )
            if r["errors"]:
                verdicts.append(f"- {scenario}, {server}: {r['errors']} answers outside 2xx (MISSED)")
        new, info = rows["new warn"], rows["new info"]
        ratio = new["rps"] / ceiling
        verdicts.append(
            f"- {scenario}: the shop at {ratio:.2f}x nginx (goal >= {GOAL_RATIO}: "
            f"{'met' if ratio >= GOAL_RATIO else 'MISSED'}); the access log keeps "
            f"{info['rps'] / new['rps']:.2f} of the throughput (goal >= {GOAL_LOG_SHARE}: "
            f"{'met' if info['rps'] / new['rps'] >= GOAL_LOG_SHARE else 'MISSED'})"
        )
    return "\n".join([*lines, "", "Goals (issue 37):", *verdicts, ""])


def main() -> int:
    old = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 and sys.argv[1] else None
    b.ensure_tools(("wrk", "nginx"))
    if os.environ.get("BENCH_BUILD", "1") != "0":
        b.run(["cargo", "build", "--release", "-p", "shop-api", "--bin", "shop"], cwd=b.ROOT)
    new = b.BIN
    started = dt.datetime.now(dt.timezone.utc)
    t0 = time.time()
    builds = [("new", new)] + ([("old", old)] if old else [])
    servers = ["new warn", "nginx", "new info"] + (["old warn", "old info"] if old else [])
    with tempfile.TemporaryDirectory(prefix="shop-pace-") as tmp:
        work = Path(tmp)
        (work / "no-frontend").mkdir()
        db = work / "shop.db"
        b.seed(db, PRODUCTS)
        running = {}
        try:
            for label, path in builds:
                b.BIN = path
                for level in ("warn", "info"):
                    # With `info`, the access log goes to the server's log file (bench.start_shop).
                    running[f"{label} {level}"] = b.start_shop(work, db, {"RUST_LOG": level})
            base = f"http://{b.HOST}:{running['new warn'][1]}"
            cases = scenarios(base)
            bodies = {file: b.fetch(base + path) for _, path, file in cases}
            nginx, nginx_port = b.start_nginx(work, bodies["list.json"])
            for file, body in bodies.items():
                (work / "nginx" / "www" / file).write_bytes(body)
            try:
                results: dict = {}
                for name, path, file in cases:
                    turns: dict[str, list[dict]] = {s: [] for s in servers}
                    for round_no in range(ROUNDS):
                        for server in servers:
                            if server == "nginx":
                                url, pid = f"http://{b.HOST}:{nginx_port}/{file}", None
                            else:
                                proc, port = running[server]
                                url, pid = f"http://{b.HOST}:{port}{path}", proc.pid
                                assert b.fetch(url) == bodies[file], f"{server} answers other bytes for {path}"
                            b.log(f"[{name}] round {round_no + 1}/{ROUNDS}: {server}")
                            turns[server].append(measure(url, pid))
                    results[name] = {s: median_row(runs) for s, runs in turns.items()}
            finally:
                b.stop(nginx)
        finally:
            for proc, _ in running.values():
                b.stop(proc)
    text = report(results, servers, started, time.time() - t0)
    OUT.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
