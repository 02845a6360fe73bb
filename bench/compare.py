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
seconds), after the catalogue scenarios; on PostgreSQL the tables a purchase writes are analyzed
halfway through the warm-up (bench.py's loader_on, GROWING_TABLES).

With BENCH_COMPARE_POSTGRES=1 (the default when PostgreSQL is installed, i.e.
/usr/lib/postgresql/*/bin/postgres exists, or TEST_DATABASE_URL is set), the same rounds then
run on PostgreSQL: this script runs itself again (--postgres) under scripts/with-postgres.sh (a
throwaway cluster, or the server of TEST_DATABASE_URL), seeds one database with NEW, analyzes
it, and gives each turn a fresh database copied from it (CREATE DATABASE ... TEMPLATE), dropped
after the turn, so both binaries see the same data. Same scenarios, ABBA order, nginx ceiling
and medians; the PostgreSQL table also has the CPU per request (per purchase) of the cluster's
processes (its postmaster and their children; checkout_load --db-port for the purchases).

Goals, per database: each catalogue row new >= GOAL_VS_OLD (0.95) x old req/s and >= 0.5x
nginx; whole purchases new >= GOAL_PURCHASES_VS_OLD (0.9) x old purchases/s with no failed
purchase. A default run (3 rounds) takes about 20 minutes.

Knobs: BENCH_ROUNDS (3), BENCH_COMPARE_PURCHASES (1), BENCH_COMPARE_POSTGRES (see above), and
bench.py's BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_CHECKOUT_*.
"""

from __future__ import annotations

import glob
import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench as b  # noqa: E402  (the shared wrk, nginx, seed and server helpers)

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
PRODUCTS = b.SIZES[0]
SCENARIOS = ("list page 1 (pageSize 25)", "brand + category + colour", "product detail")
OUT = b.ROOT / "bench" / "results" / "compare.md"
# new / old req/s of each catalogue row, and purchases/s of the purchase row, on each database.
GOAL_VS_OLD = 0.95
GOAL_PURCHASES_VS_OLD = 0.9
GOAL_VS_NGINX = 0.5
PURCHASES = os.environ.get("BENCH_COMPARE_PURCHASES", "1") != "0"
PURCHASE_SCENARIO = "whole purchases (sandbox)"
POSTGRES_INSTALLED = bool(os.environ.get("TEST_DATABASE_URL") or glob.glob("/usr/lib/postgresql/*/bin/postgres"))
POSTGRES = os.environ.get("BENCH_COMPARE_POSTGRES", "1" if POSTGRES_INSTALLED else "0") != "0"


def postgres_ticks(port: int) -> int | None:
    """CPU ticks of the PostgreSQL postmaster started with `-p port` and its children (as
    checkout_load's --db-port reads them); None when no such postmaster runs here."""
    procs = []
    for d in glob.glob("/proc/[0-9]*"):
        try:
            if Path(d, "comm").read_text().strip() != "postgres":
                continue
            stat = Path(d, "stat").read_text()
            args = Path(d, "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        procs.append((int(d[6:]), int(fields[1]), int(fields[11]) + int(fields[12]), args))
    port_arg = str(port).encode()
    master = next((pid for pid, _, _, args in procs
                   if any(a == b"-p" and v == port_arg for a, v in zip(args, args[1:]))), None)
    if master is None:
        return None
    return sum(ticks for pid, ppid, ticks, _ in procs if master in (pid, ppid))


def turn(work: Path, binary: Path, db: Path | str, label: str, urls: list[tuple[str, str]],
         db_port: int | None) -> dict:
    """One binary on one fresh database: each scenario with wrk, then whole purchases."""
    b.BIN = binary
    shop, port = b.start_shop(work, db, dict(b.CHECKOUT_ENV) if PURCHASES else None)
    base = f"http://{b.HOST}:{port}"
    out = {}
    try:
        for name, path in urls:
            b.log(f"  {label}: {name}")
            b.wrk(base + path, b.WARMUP, latency=False)
            before, db_before = b.cpu_ticks(shop.pid), postgres_ticks(db_port) if db_port else None
            r = b.wrk(base + path, b.DURATION)
            ticks = b.cpu_ticks(shop.pid) - before
            db_after = postgres_ticks(db_port) if db_before is not None else None
            n = r["requests"]
            r["cpu_ms"] = ticks * 1000 / b.CLK_TCK / n if n else float("nan")
            r["db_cpu_ms"] = ((db_after - db_before) * 1000 / b.CLK_TCK / n if n else float("nan")) \
                if db_after is not None else None
            r.pop("raw", None)
            out[name] = r
        if PURCHASES:
            b.log(f"  {label}: {PURCHASE_SCENARIO}, {b.CHECKOUT_BUYERS} buyers")
            b.wait_idle(shop.pid)
            p = b.loader_on(base, [
                "--buyers", str(b.CHECKOUT_BUYERS), "--duration", str(b.CHECKOUT_DURATION),
                "--warmup", str(b.CHECKOUT_WARMUP), "--server-pid", str(shop.pid),
                "--clk-tck", str(b.CLK_TCK),
            ] + (["--db-port", str(db_port)] if db_port else []), db)
            out[PURCHASE_SCENARIO] = {
                "rps": p["per_second"], "p50": p["p50_ms"], "p99": p["p99_ms"],
                "cpu_ms": p["server_cpu_ms_per_purchase"], "db_cpu_ms": p.get("db_cpu_ms_per_purchase"),
                "errors": p["errors"],
            }
    finally:
        b.stop(shop)
    return out


def rounds(work: Path, old: Path, new: Path, database: str, probe: Path | str,
           fresh: Callable[[str], Path | str], discard: Callable[[Path | str], None],
           db_port: int | None = None) -> dict:
    """The scenario URLs from NEW on `probe`, then ROUNDS rounds in ABBA order, each turn on
    fresh(label) (discard(db) afterwards), and nginx on the list page's bytes once per round."""
    b.BIN = new
    shop, port = b.start_shop(work, probe)
    base = f"http://{b.HOST}:{port}"
    try:
        urls = [u for u in b.scenarios(base) if u[0] in SCENARIOS]
        list_body = b.fetch(base + urls[0][1])
    finally:
        b.stop(shop)
    runs: dict[str, dict[str, list[dict]]] = {"old": {}, "new": {}}
    nginx_rps: list[float] = []
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
        b.log(f"turn {i + 1}/{len(order)} ({database}): {label}")
        db = fresh(label)
        try:
            for name, r in turn(work, binary, db, label, urls, db_port).items():
                runs[label].setdefault(name, []).append(r)
        finally:
            discard(db)
    return {"runs": runs, "nginx": nginx_rps}


def sqlite_rounds(work: Path, old: Path, new: Path) -> dict:
    db = work / "seeded.db"
    b.BIN = new
    b.seed(db, PRODUCTS)

    def fresh(label: str) -> Path:
        copy = work / f"{label}-{time.monotonic_ns()}.db"
        shutil.copy(db, copy)
        return copy

    return rounds(work, old, new, "SQLite", db, fresh, lambda _db: None)


def postgres_child(out: Path, old: Path, new: Path) -> int:
    """Runs under scripts/with-postgres.sh: the rounds on PostgreSQL, each turn on a copy of
    one seeded template database; writes the figures as JSON to `out`."""
    psql = b.psql_bin()
    if psql is None:
        b.log("no psql to create the benchmark databases")
        return 3
    server = os.environ["TEST_DATABASE_URL"]
    parts = urllib.parse.urlsplit(server)
    assert parts.hostname in ("127.0.0.1", "localhost", "::1"), b.redact(server)  # loopback only
    db_port = parts.port or 5432
    prefix = f"shop_compare_{os.getpid()}"
    made: list[str] = []

    def sql(command: str, db: str = server) -> None:
        b.run([psql, "-qX", "-d", db, "-c", command], stdout=subprocess.DEVNULL)

    def url(name: str) -> str:
        return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))

    def copy(name: str) -> str:
        made.append(name)
        # The seeding process's or the last server's sessions may take a moment to end.
        create = [psql, "-qX", "-d", server, "-c", f"CREATE DATABASE {name} TEMPLATE {prefix}_seeded"]
        for _ in range(50):
            done = subprocess.run(create, capture_output=True, text=True)
            if done.returncode == 0:
                return url(name)
            time.sleep(0.2)
        raise RuntimeError(f"CREATE DATABASE {name}: {done.stderr.strip()}")

    def drop(db: str) -> None:
        name = urllib.parse.urlsplit(db).path.lstrip("/")
        if name not in made:
            return
        made.remove(name)
        subprocess.run([psql, "-qX", "-d", server, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
                       stdout=subprocess.DEVNULL)

    work = Path(tempfile.mkdtemp(prefix="shop-compare-pg-"))
    os.chmod(work, 0o755)
    turns = itertools.count(1)
    try:
        version = b.run([psql, "-qtAX", "-d", server, "-c", "SHOW server_version"], capture_output=True,
                        text=True).stdout.strip()
        made.append(f"{prefix}_seeded")
        sql(f"CREATE DATABASE {prefix}_seeded")
        b.BIN = new
        b.seed(url(f"{prefix}_seeded"), PRODUCTS)
        sql("VACUUM ANALYZE", url(f"{prefix}_seeded"))
        res = rounds(work, old, new, "PostgreSQL", copy(f"{prefix}_probe"),
                     lambda label: copy(f"{prefix}_turn_{next(turns)}_{label}"), drop, db_port)
        res["version"] = version
        out.write_text(json.dumps(res))
    finally:
        for name in list(made):
            drop(url(name))
        shutil.rmtree(work, ignore_errors=True)
    return 0


def postgres_rounds(work: Path, old: Path, new: Path) -> dict:
    """This script with --postgres under scripts/with-postgres.sh; its JSON, or why not."""
    given = bool(os.environ.get("TEST_DATABASE_URL"))
    if not POSTGRES_INSTALLED:
        return {"skipped": "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres and no TEST_DATABASE_URL)"}
    out = work / "postgres.json"
    b.log("PostgreSQL: " + ("server of TEST_DATABASE_URL" if given else "throwaway cluster (scripts/with-postgres.sh)"))
    rc = subprocess.run(
        [str(b.ROOT / "scripts" / "with-postgres.sh"), sys.executable, str(Path(__file__).resolve()),
         "--postgres", str(out), str(old), str(new)],
        cwd=b.ROOT,
    ).returncode
    if rc != 0 or not out.exists():
        return {"skipped": f"the PostgreSQL rounds failed (exit status {rc}); their output is above", "failed": True}
    res = json.loads(out.read_text())
    res["given_server"] = given
    return res


def table(database: str, res: dict) -> tuple[list[str], list[str]]:
    """The rows of one database's table and its verdict lines."""
    runs, nginx = res["runs"], statistics.median(res["nginx"])
    postgres = database == "PostgreSQL"
    lines = [
        f"| scenario | binary | req/s (median) | each round | p50 ms | p99 ms | CPU ms/req | "
        + ("PostgreSQL CPU ms/req | " if postgres else "") + "vs nginx | new/old |",
        "|---|---|---:|---|---:|---:|---:|" + ("---:|" if postgres else "") + "---:|---:|",
    ]
    verdicts = []
    for name in SCENARIOS + ((PURCHASE_SCENARIO,) if PURCHASES else ()):
        med = {}
        for label in ("old", "new"):
            rs = runs[label][name]
            rps = statistics.median(r["rps"] for r in rs)
            med[label] = rps
            each = " / ".join(format(r["rps"], ",.0f") for r in rs)
            db_cpu = [r["db_cpu_ms"] for r in rs if r.get("db_cpu_ms") is not None]
            lines.append(
                f"| {name} | {label} | {rps:,.0f} | {each} | "
                f"{statistics.median(r['p50'] for r in rs):.2f} | {statistics.median(r['p99'] for r in rs):.2f} | "
                f"{statistics.median(r['cpu_ms'] for r in rs):.3f} | "
                + (f"{b.fmt(statistics.median(db_cpu) if db_cpu else None, '.3f')} | " if postgres else "")
                + f"{'-' if name == PURCHASE_SCENARIO else format(rps / nginx, '.2f') + 'x'} | "
                f"{(rps / med['old']) if label == 'new' else 1:.2f} |"
            )
        ratio = med["new"] / med["old"]
        if name == PURCHASE_SCENARIO:
            errors = sum(r["errors"] for label in ("old", "new") for r in runs[label][name])
            verdicts.append(
                f"- {'MET' if ratio >= GOAL_PURCHASES_VS_OLD and errors == 0 else 'MISSED'}: {database}: {name}: "
                f"new {ratio:.2f}x old purchases/s (goal >= {GOAL_PURCHASES_VS_OLD}), {errors} failed purchases"
            )
            continue
        verdicts.append(
            f"- {'MET' if ratio >= GOAL_VS_OLD and med['new'] / nginx >= GOAL_VS_NGINX else 'MISSED'}: "
            f"{database}: {name}: new {ratio:.2f}x old (goal >= {GOAL_VS_OLD}), {med['new'] / nginx:.2f}x nginx "
            f"(goal >= {GOAL_VS_NGINX})"
        )
    return lines, verdicts


def report(results: dict[str, dict], elapsed: float) -> str:
    lines = [
        "# Old vs new binary, interleaved in one run",
        "",
        f"- Machine: {b.machine()}; commit of the new binary: {b.git_commit()}; whole run {elapsed / 60:.1f} min",
        f"- {PRODUCTS:,} products + the demo shop, wrk {b.THREADS} threads, {b.CONNECTIONS} connections, "
        f"{b.WARMUP} s warm-up + {b.DURATION} s per scenario, {ROUNDS} rounds in ABBA order on each database; "
        "medians. Each turn runs on a fresh copy of one database seeded by the new binary (SQLite: a copy of "
        "the file; PostgreSQL: CREATE DATABASE ... TEMPLATE)."
        + (f" Whole purchases: {b.CHECKOUT_BUYERS} buyers, {b.CHECKOUT_WARMUP} s warm-up + "
           f"{b.CHECKOUT_DURATION} s, CPU ms per purchase." if PURCHASES else ""),
    ]
    verdicts = []
    for database, res in results.items():
        lines.append("")
        if "skipped" in res:
            lines.append(f"## {database}: skipped ({res['skipped']})")
            continue
        about = f"nginx (same bytes as the list page): {statistics.median(res['nginx']):,.0f} req/s " \
                f"(median of {len(res['nginx'])})."
        if database == "PostgreSQL":
            server = "the server of TEST_DATABASE_URL" if res.get("given_server") else \
                "a throwaway cluster (scripts/with-postgres.sh)"
            about = (f"PostgreSQL {res['version']}, {server}; PostgreSQL CPU: its postmaster and children "
                     f"over the measured window. {about}")
        lines += [f"## {database}", "", f"- {about}", ""]
        rows, v = table(database, res)
        lines += rows
        verdicts += v
    return "\n".join(lines + ["", *verdicts, ""])


def main() -> int:
    if len(sys.argv) == 5 and sys.argv[1] == "--postgres":
        return postgres_child(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
    if len(sys.argv) != 3:
        print("usage: compare.py OLD_BINARY NEW_BINARY", file=sys.stderr)
        return 2
    old, new = (Path(p).resolve() for p in sys.argv[1:])
    b.ensure_tools()
    t0 = time.time()
    work = Path(tempfile.mkdtemp(prefix="shop-compare-"))
    os.chmod(work, 0o755)
    try:
        results = {"SQLite": sqlite_rounds(work, old, new)}
        if POSTGRES:
            results["PostgreSQL"] = postgres_rounds(work, old, new)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = report(results, time.time() - t0)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print(text)
    return 1 if results.get("PostgreSQL", {}).get("failed") else 0


if __name__ == "__main__":
    sys.exit(main())
