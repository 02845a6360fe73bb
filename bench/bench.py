#!/usr/bin/env python3
"""Loopback load test of the catalogue API (run through bench/run.sh or `make bench`).

For each catalogue size (10,000 and 100,000 generated products plus the demo shop) it seeds a
fresh SQLite database with the release binary, starts `shop serve --no-demo` on a free
loopback port, and loads each scenario with wrk (2 threads, 32 connections, a warm-up, then a
measured run with --latency). In the same run Debian's nginx serves the exact bytes of the
list-page answer as a static file (keep-alive, sendfile, 2 workers): the physical limit of this
machine for that answer. It records req/s, p50, p99, the ratio to nginx, the server's CPU time
per request (utime+stime from /proc/<pid>/stat over the measured run) and its peak RSS
(VmHWM), prints a table and writes bench/results/latest.md.

Only 127.0.0.1 is ever loaded. Environment knobs: BENCH_SIZES ("10000 100000"),
BENCH_DURATION (15), BENCH_WARMUP (4), BENCH_CONNECTIONS (32), BENCH_THREADS (2).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "shop"
RESULTS = ROOT / "bench" / "results" / "latest.md"

SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "10000 100000").split()]
DURATION = int(os.environ.get("BENCH_DURATION", "15"))
WARMUP = int(os.environ.get("BENCH_WARMUP", "4"))
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "32"))
THREADS = int(os.environ.get("BENCH_THREADS", "2"))
HOST = "127.0.0.1"
CLK_TCK = os.sysconf("SC_CLK_TCK")

# Targets of issue 5 for this 2-core machine.
TARGET_RATIO = 0.5
TARGET_P99_MS = 5.0
TARGET_RSS_MB = 150.0


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, check=True, **kw)


def ensure_tools() -> None:
    missing = [t for t in ("wrk", "nginx") if shutil.which(t) is None and not Path(f"/usr/sbin/{t}").exists()]
    if missing:
        log(f"installing {' '.join(missing)} (apt)")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        install = [*sudo, "apt-get", "install", "-y", "-q", *missing]
        if subprocess.run(install, stdout=subprocess.DEVNULL).returncode != 0:
            run([*sudo, "apt-get", "update", "-q"], stdout=subprocess.DEVNULL)
            run(install, stdout=subprocess.DEVNULL)


def nginx_bin() -> str:
    return shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read()


def wait_http(url: str, seconds: float = 60) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            fetch(url)
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {seconds}s")


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # After the command name: state is field 3, utime 14, stime 15 (1-based).
    return int(fields[11]) + int(fields[12])


def vm_hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def loadavg() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def to_ms(text: str) -> float:
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text.strip())
    if not m:
        return float("nan")
    value, unit = float(m.group(1)), m.group(2)
    return value * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def wrk(url: str, duration: int, latency: bool = True, script: Path | None = None) -> dict:
    assert url.startswith(f"http://{HOST}:"), url  # loopback only
    cmd = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{duration}s"]
    if latency:
        cmd.append("--latency")
    if script is not None:
        cmd += ["-s", str(script)]
    cmd.append(url)
    out = run(cmd, capture_output=True, text=True).stdout
    result = {"raw": out, "load": loadavg()}
    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    result["rps"] = float(m.group(1)) if m else float("nan")
    m = re.search(r"(\d+) requests in", out)
    result["requests"] = int(m.group(1)) if m else 0
    for pct in ("50", "99"):
        m = re.search(rf"^\s+{pct}(?:\.000)?%\s+(\S+)", out, re.M)
        result[f"p{pct}"] = to_ms(m.group(1)) if m else float("nan")
    m = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    result["errors"] = int(m.group(1)) if m else 0
    m = re.search(r"Socket errors:.*", out)
    result["socket_errors"] = m.group(0) if m else ""
    return result


def start_nginx(work: Path, body: bytes) -> tuple[subprocess.Popen, int]:
    prefix = work / "nginx"
    www = prefix / "www"
    www.mkdir(parents=True, exist_ok=True)
    (www / "list.json").write_bytes(body)
    port = free_port()
    user = "user root;" if os.geteuid() == 0 else ""
    conf = prefix / "nginx.conf"
    conf.write_text(
        f"""
{user}
worker_processes 2;
daemon off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_timeout 65;
    keepalive_requests 1000000;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    types {{ application/json json; }}
    default_type application/json;
    server {{
        listen {HOST}:{port};
        root {www};
        location / {{ }}
    }}
}}
"""
    )
    proc = subprocess.Popen(
        [nginx_bin(), "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_http(f"http://{HOST}:{port}/list.json")
    return proc, port


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def seed(db: Path, products: int) -> float:
    env = dict(os.environ, DATABASE_URL=f"sqlite://{db}", RUST_LOG="warn")
    started = time.time()
    log(f"seeding {products} products (+ the demo shop) into {db}")
    run([str(BIN), "seed", "--products", str(products), "--demo"], env=env, cwd=ROOT)
    return time.time() - started


def start_shop(work: Path, db: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = dict(
        os.environ,
        DATABASE_URL=f"sqlite://{db}",
        SHOP_ADDR=f"{HOST}:{port}",
        SHOP_DATA_DIR=str(work / "data"),
        SHOP_FRONTEND_DIR=str(work / "no-frontend"),
        # Any free loopback port for the metrics listener (a build before it ignores this).
        SHOP_METRICS_ADDR=f"{HOST}:0",
        RUST_LOG="warn",
    )
    proc = subprocess.Popen(
        [str(BIN), "serve", "--no-demo"],
        env=env,
        cwd=work,
        stdout=subprocess.DEVNULL,
        stderr=open(work / f"shop-{port}.log", "w"),
    )
    wait_http(f"http://{HOST}:{port}/api/health")
    return proc, port


def scenarios(base: str) -> list[tuple[str, str]]:
    """The scenario URLs, with filter values taken from the seeded catalogue."""
    page = json.loads(fetch(f"{base}/api/products?page=1&pageSize=25&inStock=true"))
    sample = page["contents"][len(page["contents"]) // 2]
    colour = sample["colors"][0]["id"] if sample["colors"] else None
    filters = f"brands={sample['brand']['id']}&categories={sample['category']['id']}"
    if colour:
        filters += f"&colors={colour}"
    words = [w for w in re.findall(r"[A-Za-z]+", sample["title"]) if len(w) >= 4]
    needle = (words[-1] if words else sample["title"][:4]).lower()
    return [
        ("list page 1 (pageSize 25)", "/api/products?page=1&pageSize=25&inStock=true"),
        ("brand + category + colour", f"/api/products?page=1&pageSize=25&inStock=true&{filters}"),
        (f"title search '{needle}'", f"/api/products?page=1&pageSize=25&inStock=true&searchTitle={needle}"),
        ("product detail", f"/api/products/{sample['id']}"),
        ("shows list", "/api/shows?page=1&pageSize=25"),
        ("/api/health (ceiling)", "/api/health"),
    ]


def random_pages_script(work: Path, total_pages: int) -> Path:
    script = work / "random-pages.lua"
    script.write_text(
        "math.randomseed(42)\n"
        "request = function()\n"
        f"  local p = math.random(1, {max(total_pages, 1)})\n"
        '  return wrk.format("GET", "/api/products?page=" .. p .. "&pageSize=25&inStock=true")\n'
        "end\n"
    )
    return script


def bench_size(work: Path, products: int) -> dict:
    db = work / f"shop-{products}.db"
    seed_seconds = seed(db, products)
    shop, port = start_shop(work, db)
    base = f"http://{HOST}:{port}"
    log(f"[{products}] server started, peak RSS {vm_hwm_mb(shop.pid):.1f} MB")
    rows = []
    try:
        urls = scenarios(base)
        list_url = base + urls[0][1]
        list_body = fetch(list_url)
        total_pages = json.loads(list_body)["totalPages"]

        nginx, nginx_port = start_nginx(work, list_body)
        try:
            nurl = f"http://{HOST}:{nginx_port}/list.json"
            assert fetch(nurl) == list_body
            log(f"[{products}] nginx static copy of the list page ({len(list_body)} bytes)")
            wrk(nurl, WARMUP, latency=False)
            n = wrk(nurl, DURATION)
        finally:
            stop(nginx)
        rows.append({"scenario": "nginx: same bytes as list page (static)", **n, "cpu_ms": None, "hwm": None})

        def measure(name: str, url: str, script: Path | None = None) -> None:
            log(f"[{products}] {name}")
            wrk(url, WARMUP, latency=False, script=script)
            before = cpu_ticks(shop.pid)
            r = wrk(url, DURATION, script=script)
            ticks = cpu_ticks(shop.pid) - before
            cpu_ms = ticks * 1000 / CLK_TCK / r["requests"] if r["requests"] else float("nan")
            rows.append({"scenario": name, **r, "cpu_ms": cpu_ms, "hwm": vm_hwm_mb(shop.pid)})

        for name, path in urls:
            measure(name, base + path)
        rss_targets = vm_hwm_mb(shop.pid)
        measure(
            f"random page 1..{total_pages} (cache misses)",
            base + "/api/products",
            random_pages_script(work, total_pages),
        )
        rss = vm_hwm_mb(shop.pid)
    finally:
        stop(shop)
    nginx_rps = rows[0]["rps"]
    for r in rows:
        r["ratio"] = r["rps"] / nginx_rps if nginx_rps else float("nan")
    return {
        "products": products,
        "rows": rows,
        "rss_mb": rss,
        "rss_targets_mb": rss_targets,
        "seed_s": seed_seconds,
        "list_bytes": len(list_body),
        "db_mb": db.stat().st_size / 1e6,
    }


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return f"{model}, {os.cpu_count()} cores, {mem_gb:.0f} GiB RAM, {platform.system()} {platform.release()}"


def git_commit() -> str:
    try:
        sha = run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
        dirty = run(
            ["git", "status", "--porcelain", "--", "crates", "migrations", "Cargo.lock"],
            capture_output=True, text=True, cwd=ROOT,
        ).stdout.strip()
        return sha + (" (+ uncommitted changes in the working tree)" if dirty else "")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "unknown"


def fmt(x: float | None, spec: str = ".2f") -> str:
    if x is None:
        return "-"
    if x != x:  # NaN
        return "n/a"
    return format(x, spec)


def verdicts(results: list[dict]) -> list[str]:
    lines = []
    by_size = {r["products"]: r for r in results}

    def list_row(res):
        return next(r for r in res["rows"] if r["scenario"].startswith("list page 1"))

    if 10000 in by_size:
        row = list_row(by_size[10000])
        ok = row["ratio"] >= TARGET_RATIO
        lines.append(
            f"- {'MET' if ok else 'MISSED'}: list page at 10,000 products >= {TARGET_RATIO}x nginx "
            f"req/s on the same bytes: {fmt(row['ratio'])}x ({fmt(row['rps'], '.0f')} vs "
            f"{fmt(by_size[10000]['rows'][0]['rps'], '.0f')} req/s)"
        )
        ok = row["p99"] <= TARGET_P99_MS
        lines.append(
            f"- {'MET' if ok else 'MISSED'}: list page at 10,000 products p99 <= {TARGET_P99_MS} ms: "
            f"{fmt(row['p99'])} ms"
        )
        if 100000 in by_size:
            big = list_row(by_size[100000])
            ok = big["p99"] < 2 * row["p99"]
            lines.append(
                f"- {'MET' if ok else 'MISSED'}: list page at 100,000 products p99 < 2x the 10,000 "
                f"p99: {fmt(big['p99'])} ms vs {fmt(2 * row['p99'])} ms"
            )
    for res in results:
        ok = res["rss_mb"] <= TARGET_RSS_MB
        lines.append(
            f"- {'MET' if ok else 'MISSED'}: peak RSS <= {TARGET_RSS_MB:.0f} MB at {res['products']:,} "
            f"products: {fmt(res['rss_mb'], '.1f')} MB"
        )
    return lines


NOTES = """## Notes

- The target scenarios repeat one URL, so after the warm-up they are answered by the catalogue
  read cache (a lookup keyed by catalogue version and normalized query, pre-serialized JSON with
  its ETag); that is the state of a live shop's hot pages. The database work behind a miss shows
  in the 'random page' rows: every request asks a random page of the whole in-stock list, so
  most miss. At 100,000 products a deep page costs about 5 ms of CPU (the OFFSET walks the
  sorted index) and, at most 2 misses per worker at once, the server then answers a few hundred
  pages per second with a p99 in the hundreds of ms under 32 connections. Keyset paging would
  remove that cost but the specification's calls are page-numbered.
- Peak RSS after the cache-miss run is close to the 150 MB target at 100,000 products: most of
  it is SQLite's page caches in the pooled connections (up to 2 MB each, 16 connections by
  default) and the allocator; the read cache itself is capped at 16 MB of bodies per server.
- This machine is shared with other builds and browser tests (see the load average column):
  figures move by 10-30 % between runs; compare rows of the same run.
"""


def report(results: list[dict], started: dt.datetime, elapsed: float) -> str:
    out = [
        "# Catalogue API benchmark (loopback)",
        "",
        f"- Date: {started.strftime('%Y-%m-%d %H:%M UTC')} (whole run {elapsed / 60:.1f} min)",
        f"- Machine: {machine()}",
        f"- Git commit: {git_commit()}",
        f"- Load: wrk {THREADS} threads, {CONNECTIONS} connections, {WARMUP} s warm-up then {DURATION} s "
        "measured with --latency, on 127.0.0.1; wrk, the server and nginx share the same cores.",
        "- Server: `target/release/shop serve --no-demo` (release build, SQLite file, default workers = "
        "one per core, RUST_LOG=warn), database seeded by `shop seed --products N --demo` (N generated "
        "fireworks + the demo shop).",
        "- nginx: Debian's nginx, 2 workers, sendfile, keep-alive, serving the exact bytes of the list-page "
        "answer as a static file: the physical limit of this machine for that answer.",
        "- CPU ms/req: the server's utime+stime over the measured run / requests. Peak RSS: VmHWM.",
        "- load avg: the machine's 1-minute load average at the end of the scenario. This machine is shared "
        "(other builds and browser tests run on it), so p99 figures above a few ms mostly reflect CPU "
        "contention from other processes: compare with nginx's p99 in the same run.",
        "- The catalogue read cache is on (as in production): repeated scenarios are served from it after "
        "the warm-up; the 'random page' scenario spreads requests over every page of the in-stock list "
        "(deep OFFSETs), so most requests go to the database.",
        "",
        "## Results",
        "",
        "| products | scenario | req/s | p50 ms | p99 ms | vs nginx | CPU ms/req | peak RSS MB so far | non-2xx | load avg |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for res in results:
        for r in res["rows"]:
            out.append(
                f"| {res['products']:,} | {r['scenario']} | {fmt(r['rps'], ',.0f')} | {fmt(r['p50'])} | "
                f"{fmt(r['p99'])} | {fmt(r['ratio'])}x | {fmt(r['cpu_ms'], '.3f')} | {fmt(r['hwm'], '.1f')} | {r['errors']} | "
                f"{fmt(r['load'], '.1f')} |"
            )
    out += [
        "",
        "| products | peak RSS after the target scenarios | peak RSS after the cache-miss run | list answer | database file | seed time |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for res in results:
        out.append(
            f"| {res['products']:,} | {fmt(res['rss_targets_mb'], '.1f')} MB | {fmt(res['rss_mb'], '.1f')} MB | "
            f"{res['list_bytes']:,} bytes | "
            f"{fmt(res['db_mb'], '.1f')} MB | {fmt(res['seed_s'], '.1f')} s |"
        )
    out += ["", "## Targets", "", *verdicts(results), "", NOTES]
    return "\n".join(out)


def main() -> int:
    ensure_tools()
    started = dt.datetime.now(dt.timezone.utc)
    t0 = time.time()
    log("building the release binary")
    run(["cargo", "build", "--release", "-p", "shop-api", "--bin", "shop"], cwd=ROOT)
    work = Path(tempfile.mkdtemp(prefix="shop-bench-"))
    os.chmod(work, 0o755)
    try:
        results = [bench_size(work, n) for n in SIZES]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = report(results, started, time.time() - t0)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text)
    print(text)
    log(f"written to {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
