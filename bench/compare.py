#!/usr/bin/env python3
"""Two builds of the shop in one run, interleaved: `make bench-compare OLD=path NEW=path`.

The machine is shared, so only figures of the same run compare. This seeds one 10,000-product
catalogue (BENCH_SIZES's first size) with NEW, copies the database file for OLD, then runs
rounds in ABBA order (old, new, new, old, ...): each turn starts that binary on a copy of the
database, warms up and measures the list page, the brand + category + colour filter and the
product detail with wrk on 127.0.0.1, and stops it. nginx serving the list page's bytes is
measured once per round as the ceiling. It prints the median req/s of each binary per scenario,
new/old and each binary vs nginx, and writes bench/results/compare.md.

With BENCH_COMPARE_PURCHASES=1 (the default), each turn also makes whole purchases with the
sandbox (bench.py's checkout_load: BENCH_CHECKOUT_BUYERS buyers signed up on that turn's copy,
add + open session + sandbox pay + purchase, BENCH_CHECKOUT_WARMUP then BENCH_CHECKOUT_DURATION
seconds), after the catalogue scenarios; the goal is new >= 0.9x old purchases/s.

Knobs: BENCH_ROUNDS (3), BENCH_COMPARE_PURCHASES (1), and bench.py's BENCH_DURATION,
BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_CHECKOUT_*.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared wrk, nginx, seed and server helpers)

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
PRODUCTS = b.SIZES[0]
SCENARIOS = ("list page 1 (pageSize 25)", "brand + category + colour", "product detail")
OUT = b.ROOT / "bench" / "results" / "compare.md"
GOAL_VS_OLD = 0.9
GOAL_VS_NGINX = 0.5
PURCHASES = os.environ.get("BENCH_COMPARE_PURCHASES", "1") != "0"
PURCHASE_SCENARIO = "whole purchases (sandbox)"


def turn(work: Path, binary: Path, db: Path, label: str, urls: list[tuple[str, str]]) -> dict:
    b.BIN = binary
    copy = work / f"{label}-{time.monotonic_ns()}.db"
    shutil.copy(db, copy)
    shop, port = b.start_shop(work, copy, dict(b.CHECKOUT_ENV) if PURCHASES else None)
    base = f"http://{b.HOST}:{port}"
    out = {}
    try:
        for name, path in urls:
            b.log(f"  {label}: {name}")
            b.wrk(base + path, b.WARMUP, latency=False)
            before = b.cpu_ticks(shop.pid)
            r = b.wrk(base + path, b.DURATION)
            ticks = b.cpu_ticks(shop.pid) - before
            r["cpu_ms"] = ticks * 1000 / b.CLK_TCK / r["requests"] if r["requests"] else float("nan")
            out[name] = r
        if PURCHASES:
            b.log(f"  {label}: {PURCHASE_SCENARIO}, {b.CHECKOUT_BUYERS} buyers")
            b.wait_idle(shop.pid)
            p = b.loader(base, [
                "--buyers", str(b.CHECKOUT_BUYERS), "--duration", str(b.CHECKOUT_DURATION),
                "--warmup", str(b.CHECKOUT_WARMUP), "--server-pid", str(shop.pid),
                "--clk-tck", str(b.CLK_TCK),
            ])
            out[PURCHASE_SCENARIO] = {
                "rps": p["per_second"], "p50": p["p50_ms"], "p99": p["p99_ms"],
                "cpu_ms": p["server_cpu_ms_per_purchase"], "errors": p["errors"],
            }
    finally:
        b.stop(shop)
    return out


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: compare.py OLD_BINARY NEW_BINARY", file=sys.stderr)
        return 2
    old, new = (Path(p).resolve() for p in sys.argv[1:])
    b.ensure_tools()
    work = Path(tempfile.mkdtemp(prefix="shop-compare-"))
    os.chmod(work, 0o755)
    runs: dict[str, dict[str, list[dict]]] = {"old": {}, "new": {}}
    nginx_rps: list[float] = []
    try:
        db = work / "seeded.db"
        b.BIN = new
        b.seed(db, PRODUCTS)
        shop, port = b.start_shop(work, db)
        base = f"http://{b.HOST}:{port}"
        try:
            urls = [u for u in b.scenarios(base) if u[0] in SCENARIOS]
            list_body = b.fetch(base + urls[0][1])
        finally:
            b.stop(shop)
        order = []
        for r in range(ROUNDS):
            order += [("old", old), ("new", new)] if r % 2 == 0 else [("new", new), ("old", old)]
        for i, (label, binary) in enumerate(order):
            if i % 2 == 0:
                nginx, nport = b.start_nginx(work, list_body)
                try:
                    nurl = f"http://{b.HOST}:{nport}/list.json"
                    b.wrk(nurl, b.WARMUP, latency=False)
                    nginx_rps.append(b.wrk(nurl, b.DURATION)["rps"])
                finally:
                    b.stop(nginx)
            b.log(f"turn {i + 1}/{len(order)}: {label}")
            for name, r in turn(work, binary, db, label, urls).items():
                runs[label].setdefault(name, []).append(r)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    nginx = statistics.median(nginx_rps)
    lines = [
        "# Old vs new binary, interleaved in one run",
        "",
        f"- Machine: {b.machine()}; commit of the new binary: {b.git_commit()}",
        f"- {PRODUCTS:,} products + the demo shop (SQLite), wrk {b.THREADS} threads, {b.CONNECTIONS} "
        f"connections, {b.WARMUP} s warm-up + {b.DURATION} s per scenario, {ROUNDS} rounds in ABBA order; "
        f"medians. nginx (same bytes as the list page): {nginx:,.0f} req/s (median of {len(nginx_rps)}).",
        "",
        "| scenario | binary | req/s (median) | each round | p50 ms | p99 ms | CPU ms/req | vs nginx | new/old |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|",
    ]
    verdicts = []
    for name in SCENARIOS + ((PURCHASE_SCENARIO,) if PURCHASES else ()):
        med = {}
        for label in ("old", "new"):
            rs = runs[label][name]
            rps = statistics.median(r["rps"] for r in rs)
            med[label] = rps
            each = " / ".join(format(r["rps"], ",.0f") for r in rs)
            lines.append(
                f"| {name} | {label} | {rps:,.0f} | {each} | "
                f"{statistics.median(r['p50'] for r in rs):.2f} | {statistics.median(r['p99'] for r in rs):.2f} | "
                f"{statistics.median(r['cpu_ms'] for r in rs):.3f} | "
                f"{'-' if name == PURCHASE_SCENARIO else format(rps / nginx, '.2f') + 'x'} | "
                f"{(rps / med['old']) if label == 'new' else 1:.2f} |"
            )
        ratio = med["new"] / med["old"]
        if name == PURCHASE_SCENARIO:
            errors = sum(r["errors"] for label in ("old", "new") for r in runs[label][name])
            verdicts.append(
                f"- {'MET' if ratio >= GOAL_VS_OLD and errors == 0 else 'MISSED'}: {name}: new "
                f"{ratio:.2f}x old purchases/s (goal >= {GOAL_VS_OLD}), {errors} failed purchases"
            )
            continue
        verdicts.append(
            f"- {'MET' if ratio >= GOAL_VS_OLD and med['new'] / nginx >= GOAL_VS_NGINX else 'MISSED'}: "
            f"{name}: new {ratio:.2f}x old (goal >= {GOAL_VS_OLD}), {med['new'] / nginx:.2f}x nginx "
            f"(goal >= {GOAL_VS_NGINX})"
        )
    text = "\n".join(lines + ["", *verdicts, ""])
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
