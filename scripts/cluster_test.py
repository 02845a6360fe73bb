#!/usr/bin/env python3
"""Several nodes for real (issue 36): `make cluster-test`.

Starts, all on loopback and thrown away afterwards: an S3 emulator (moto), three nodes of the
debug build started at the same moment on one empty PostgreSQL database (the caller,
scripts/with-postgres.sh, gives the server in TEST_DATABASE_URL), and nginx round robin in
front of them. Then, through the balancer only:

1. every node came up (migrations and the first seed ran once, under the lock);
2. 50 buyers race for the last 5 items of a variant: exactly 5 orders, stock 0;
3. one paid session completed 8 times at once: one order;
4. an admin creates and edits products, reading each write back at once: never stale;
5. an image uploaded once and fetched ten times: always 200, the same bytes;
6. the sign-in limit holds across the nodes (counted in the database);
7. every node restarted in turn (out of the balancer, SIGTERM, drain, start, back in) under a
   steady browse and cart load: no answer other than 2xx.

Prints a summary (a line a check) and exits 1 when a check failed. Knobs: CLUSTER_NODES (3),
CLUSTER_BUYERS (50), CLUSTER_KEEP=1 (keep the work folder and logs), SHOP_BIN (the debug binary),
SHOP_TEST_MOTO (moto_server), NGINX (nginx).
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOP_BIN = Path(os.environ.get("SHOP_BIN", ROOT / "target" / "debug" / "shop"))
NODES = int(os.environ.get("CLUSTER_NODES", "3"))
BUYERS = int(os.environ.get("CLUSTER_BUYERS", "50"))
ITEMS = 5
REPLAYS = 8
LOGIN_LIMIT = 12
ADMIN_EMAIL = "admin@example.com"
ADMIN_PASSWORD = "Admin#2026pass"
PASSWORD = "Secret#123"
JWT_SECRET = "cluster-test-secret-0123456789abcdef-0123456789"
BUCKET = "shop-images"
PROFILE = {
    "acceptedTerms": True, "firstName": "Cluster", "lastName": "Buyer",
    "phoneNumber": "(701) 555-0123",
    "billingAddress": {"street1": "1 Main St", "city": "Fargo", "state": "ND", "postalCode": "58102"},
}
CARD = {"cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2099, "cvc": "123",
        "name": "Cluster Buyer"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(what: str, ok, timeout: float = 120.0, every: float = 0.1) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if ok():
                return
        except OSError:
            pass
        time.sleep(every)
    raise RuntimeError(f"timed out waiting for {what}")


class Answer:
    def __init__(self, status: int, body: bytes, headers):
        self.status, self.body, self.headers = status, body, headers

    def json(self):
        return json.loads(self.body) if self.body else None


class Client:
    """One browser: its own cookie jar (the read-your-writes cookie rides on it)."""

    def __init__(self, base: str, forwarded_for: str | None = None):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.forwarded_for = forwarded_for
        self.token: str | None = None

    def call(self, method: str, path: str, body=None, raw: bytes | None = None,
             content_type: str = "application/json") -> Answer:
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", content_type)
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        if self.forwarded_for:
            req.add_header("X-Forwarded-For", self.forwarded_for)
        try:
            with self.opener.open(req, timeout=60) as res:
                return Answer(res.status, res.read(), res.headers)
        except urllib.error.HTTPError as e:
            return Answer(e.code, e.read(), e.headers)

    def ok(self, method: str, path: str, body=None, **kw):
        a = self.call(method, path, body, **kw)
        if not 200 <= a.status < 300:
            raise RuntimeError(f"{method} {path}: {a.status} {a.body[:300]!r}")
        return a.json()

    def sign_in(self, email: str, password: str) -> dict:
        v = self.ok("POST", "/api/user/login", {"email": email, "password": password})
        self.token = v["token"]
        return v


class Cluster:
    def __init__(self, work: Path, database_url: str, moto_url: str):
        self.work = work
        self.database_url = database_url
        self.moto_url = moto_url
        self.ports = [free_port() for _ in range(NODES)]
        self.procs: list[subprocess.Popen | None] = [None] * NODES
        self.balancer_port = free_port()
        self.nginx: subprocess.Popen | None = None

    def env(self, i: int) -> dict:
        data = self.work / f"node{i}"
        data.mkdir(exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SHOP_", "AWS_"))}
        env.update({
            "DATABASE_URL": self.database_url,
            "SHOP_ADDR": f"127.0.0.1:{self.ports[i]}",
            "SHOP_DATA_DIR": str(data),
            "SHOP_FRONTEND_DIR": str(data / "no-frontend"),
            "JWT_SECRET": JWT_SECRET,
            "SHOP_ADMIN_EMAIL": ADMIN_EMAIL,
            "SHOP_ADMIN_PASSWORD": ADMIN_PASSWORD,
            "SHOP_METRICS_ADDR": "off",
            "SHOP_WORKERS": "2",
            "SHOP_DB_POOL_SIZE": "8",
            "SHOP_TRUST_PROXY": "true",
            "SHOP_LOGIN_RATE_LIMIT": str(LOGIN_LIMIT),
            "SHOP_REGISTER_RATE_LIMIT": "100000",
            "SHOP_REGISTER_RATE_LIMIT_TOTAL": "100000",
            "SHOP_CHECKOUT_SESSIONS_PER_HOUR": "100000",
            "SHOP_SHUTDOWN_SECONDS": "30",
            "SHOP_OBJECT_STORE_URL": f"s3://{BUCKET}/uploads",
            "AWS_ENDPOINT_URL": self.moto_url,
            "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_REGION": "us-east-1",
            "AWS_ALLOW_HTTP": "true",
            "RUST_LOG": "warn",
        })
        return env

    def start(self, i: int) -> None:
        log = open(self.work / f"node{i}.log", "ab")
        self.procs[i] = subprocess.Popen([str(SHOP_BIN)], env=self.env(i), stdout=log,
                                         stderr=subprocess.STDOUT, cwd=self.work)

    def healthy(self, i: int) -> bool:
        proc = self.procs[i]
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"node {i} exited with {proc.returncode}; see node{i}.log:\n"
                               + (self.work / f"node{i}.log").read_text()[-2000:])
        conn = http.client.HTTPConnection("127.0.0.1", self.ports[i], timeout=2)
        try:
            conn.request("GET", "/api/health")
            return conn.getresponse().status == 200
        finally:
            conn.close()

    def stop(self, i: int, timeout: float = 60) -> int:
        proc = self.procs[i]
        if proc is None or proc.poll() is not None:
            return proc.returncode if proc else 0
        proc.send_signal(signal.SIGTERM)
        try:
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            return proc.wait()

    def start_balancer(self, nginx: str) -> None:
        conf = self.work / "nginx"
        for d in ("", "temp"):
            (conf / d).mkdir(parents=True, exist_ok=True)
        os.chmod(conf / "temp", 0o777)
        self.write_balancer_conf(out=None)
        self.nginx = subprocess.Popen([nginx, "-p", str(conf), "-c", str(conf / "nginx.conf")],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{self.balancer_port}"
        wait_until("nginx", lambda: Client(url).call("GET", "/api/health").status == 200, 30)

    def write_balancer_conf(self, out: int | None) -> None:
        conf = self.work / "nginx"
        servers = "\n".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=2s{' down' if i == out else ''};"
                            for i, p in enumerate(self.ports))
        (conf / "nginx.conf").write_text(NGINX_CONF.format(
            dir=conf, servers=servers, port=self.balancer_port, tries=NODES))

    def take_out(self, out: int | None) -> None:
        """Marks node `out` down in the balancer (None: every node in), as an operator does
        before stopping a node: nginx reloads, its old worker finishes the requests it holds,
        and new connections go to the other nodes only."""
        assert self.nginx is not None
        self.write_balancer_conf(out)
        self.nginx.send_signal(signal.SIGHUP)
        time.sleep(1)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.balancer_port}"

    def close(self) -> None:
        if self.nginx and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)
            try:
                self.nginx.wait(10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
        for i in range(NODES):
            proc = self.procs[i]
            if proc and proc.poll() is None:
                proc.kill()
                proc.wait()


# The balancer: round robin; a refused connection (a node restarting) is retried on the next
# node, for POST too (nginx passes a request on when it could not be sent); no keep-alive to the
# nodes, so a stopping node never has an idle connection a request could be written to.
NGINX_CONF = """
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {dir}/temp/body;
  proxy_temp_path {dir}/temp/proxy;
  fastcgi_temp_path {dir}/temp/fastcgi;
  uwsgi_temp_path {dir}/temp/uwsgi;
  scgi_temp_path {dir}/temp/scgi;
  upstream shop {{
{servers}
  }}
  server {{
    listen 127.0.0.1:{port};
    client_max_body_size 6m;
    location / {{
      proxy_pass http://shop;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries {tries};
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }}
  }}
}}
"""


def find_nginx() -> str:
    found = os.environ.get("NGINX") or shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if not found:
        raise RuntimeError("nginx is not installed (make cluster-test installs nginx-light)")
    return found


def start_moto(work: Path) -> tuple[subprocess.Popen, str]:
    moto = os.environ.get("SHOP_TEST_MOTO")
    if not moto:
        raise RuntimeError("SHOP_TEST_MOTO is unset (make standins installs moto)")
    port = free_port()
    log = open(work / "moto.log", "ab")
    proc = subprocess.Popen([moto, "-H", "127.0.0.1", "-p", str(port)], stdout=log,
                            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"

    def up() -> bool:
        with urllib.request.urlopen(url + "/moto-api/", timeout=2) as res:
            return res.status == 200

    wait_until("moto", up, 60)
    req = urllib.request.Request(f"{url}/{BUCKET}", method="PUT")
    urllib.request.urlopen(req, timeout=10).read()
    return proc, url


def create_database(server_url: str) -> str:
    name = "shop_cluster"
    subprocess.run(["psql", server_url, "-q", "-c", f"DROP DATABASE IF EXISTS {name}",
                    "-c", f"CREATE DATABASE {name}"], check=True)
    parts = urllib.parse.urlsplit(server_url)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


# ---------------------------------------------------------------------------------- checks

class Checks:
    def __init__(self, cluster: Cluster):
        self.cluster = cluster
        self.results: list[tuple[str, bool, str]] = []

    def record(self, what: str, ok: bool, detail: str) -> None:
        self.results.append((what, ok, detail))
        print(f"{'PASS' if ok else 'FAIL'}  {what}: {detail}", flush=True)

    def run(self, what: str, check) -> None:
        started = time.time()
        try:
            ok, detail = check()
        except Exception as e:  # noqa: BLE001 (a check that breaks is a failed check)
            ok, detail = False, f"error: {e}"
        self.record(what, ok, f"{detail} ({time.time() - started:.1f} s)")


def buyer(url: str, n: int, tag: str) -> tuple[Client, dict]:
    c = Client(url, forwarded_for=f"10.1.{n // 250}.{n % 250 + 1}")
    email = f"{tag}{n}@example.com"
    a = c.call("POST", "/api/user/register", {"email": email, "password": PASSWORD})
    if a.status not in (200, 201, 409):
        raise RuntimeError(f"register {email}: {a.status} {a.body[:200]!r}")
    info = c.sign_in(email, PASSWORD)["userInfo"]
    c.ok("POST", "/api/user/userInfo", PROFILE)
    return c, {"user": info["id"], "cart": info["Cart"]["id"]}


def open_and_pay(c: Client, me: dict) -> tuple[Answer, dict | None, str | None]:
    quote = c.ok("POST", f"/api/cart/{me['cart']}/quote", {})
    opened = c.call("POST", f"/api/cart/{me['cart']}/purchase",
                    {"amount": quote["grandTotal"], "liftGate": False})
    if opened.status != 200:
        return opened, None, None
    token = opened.json()["checkoutToken"]
    paid = c.ok("POST", f"/api/payments/sandbox/{token}", CARD)
    if paid.get("status") != "SUCCESS":
        raise RuntimeError(f"not paid: {paid}")
    return opened, quote, token


def complete(c: Client, me: dict, quote: dict, token: str) -> Answer:
    amounts = {k: quote[k] for k in ("subtotal", "tax", "liftGateFee", "shipping", "grandTotal")}
    return c.call("POST", "/api/purchase", {
        "userId": me["user"], "shippingAddressId": quote["shippingAddress"]["id"],
        "amounts": amounts, "checkoutToken": token})


def race(url: str, admin: Client) -> tuple[bool, str]:
    apparel = admin.ok("GET", "/api/apparel?page=1&pageSize=1")["contents"][0]
    product, variant = apparel["id"], apparel["variants"][0]["id"]
    admin.ok("PUT", f"/api/apparel/variants/{variant}/stock", {"availableStock": ITEMS})
    with ThreadPoolExecutor(16) as pool:
        buyers = list(pool.map(lambda n: buyer(url, n, "racer"), range(BUYERS)))
    for c, me in buyers:
        c.ok("POST", f"/api/cart/{me['cart']}/add",
             {"productId": product, "isUnit": False, "variantId": variant})
    go = threading.Barrier(len(buyers))

    def one(pair) -> int:
        c, me = pair
        go.wait()
        opened, quote, token = open_and_pay(c, me)
        if token is None:
            return opened.status
        return complete(c, me, quote, token).status

    with ThreadPoolExecutor(len(buyers)) as pool:
        statuses = list(pool.map(one, buyers))
    orders = statuses.count(200)
    refused = statuses.count(409)

    def stock_left() -> int:
        variants = admin.ok("GET", f"/api/apparel/{product}")["variants"]
        return next(v["availableStock"] for v in variants if v["id"] == variant)

    # The admin's read goes to any node, whose read cache learns of the last order's commit by
    # a notification a few milliseconds later (catalogue_cache.rs): read until the stock shows
    # 0, for longer than the 2 s a listening node trusts a version it read (LISTENING_TTL). A lost
    # decrement never shows 0.
    seen, started = [stock_left()], time.time()
    while seen[-1] != 0 and time.time() - started < 3:
        time.sleep(0.05)
        seen.append(stock_left())
    stock = seen[-1]
    ok = orders == ITEMS and refused == len(buyers) - ITEMS and stock == 0
    settled = ""
    if len(seen) > 1 and stock == 0:
        settled = f" (read {seen[0]} first, 0 after {time.time() - started:.2f} s)"
    return ok, (f"{len(buyers)} buyers, {ITEMS} items: {orders} orders, {refused} refused (409), "
                f"other {len(statuses) - orders - refused}, stock left {stock}{settled}")


def replays(url: str, admin: Client) -> tuple[bool, str]:
    apparel = admin.ok("GET", "/api/apparel?page=1&pageSize=2")["contents"][-1]
    product, variant = apparel["id"], apparel["variants"][0]["id"]
    admin.ok("PUT", f"/api/apparel/variants/{variant}/stock", {"availableStock": 3})
    c, me = buyer(url, 0, "replay")
    c.ok("POST", f"/api/cart/{me['cart']}/add",
         {"productId": product, "isUnit": False, "variantId": variant})
    _, quote, token = open_and_pay(c, me)
    go = threading.Barrier(REPLAYS)

    def one(_) -> tuple[int, str]:
        go.wait()
        a = complete(c, me, quote, token)
        return a.status, (a.json() or {}).get("id", "")

    with ThreadPoolExecutor(REPLAYS) as pool:
        answers = list(pool.map(one, range(REPLAYS)))
    ids = {i for s, i in answers if s == 200}
    orders = c.ok("GET", "/api/orders")
    count = len(orders) if isinstance(orders, list) else len(orders.get("contents", orders))
    ok = all(s == 200 for s, _ in answers) and len(ids) == 1 and count == 1
    return ok, (f"{REPLAYS} completions of one paid session: statuses "
                f"{sorted({s for s, _ in answers})}, {len(ids)} order id(s), the buyer has {count} order(s)")


def admin_writes(url: str, admin: Client) -> tuple[bool, str]:
    meta = admin.ok("GET", "/api/metadata")
    first = lambda key: meta[key][0]["id"]  # noqa: E731
    stale, reads = [], 0
    for n in range(10):
        form = {"sku": f"CLUSTER-{n}", "title": f"Cluster Cake {n}", "description": "Loud",
                "casePrice": 120, "inStock": True, "package": "12,6", "isCaseBreakable": False,
                "image": "", "videoURL": "", "brandId": first("brands"),
                "categoryId": first("categories"), "colors": [first("colors")],
                "effects": [first("effects")]}
        created = admin.ok("POST", "/api/products", form)
        pid = created["id"]
        got = admin.call("GET", f"/api/products/{pid}")
        reads += 1
        if got.status != 200 or got.json()["title"] != form["title"]:
            stale.append(f"create {n}: {got.status}")
        form["title"] = f"Cluster Cake {n} edited"
        admin.ok("PUT", f"/api/products/{pid}", form)
        for _ in range(3):
            got = admin.call("GET", f"/api/products/{pid}")
            reads += 1
            if got.status != 200 or got.json()["title"] != form["title"]:
                stale.append(f"edit {n}: {got.status} {got.json().get('title')}")
        listed = admin.ok("GET", f"/api/products?page=1&pageSize=25&searchTitle={urllib.parse.quote(form['title'])}")
        reads += 1
        if not any(p["id"] == pid for p in listed.get("contents", [])):
            stale.append(f"list {n}: not found")
    return not stale, f"10 products created and edited, {reads} reads back: {len(stale)} stale {stale[:3]}"


def image(url: str, admin: Client) -> tuple[bool, str]:
    png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + os.urandom(50_000)
    up = admin.call("POST", "/api/admin/images", raw=png, content_type="image/png")
    if up.status != 201:
        return False, f"upload answered {up.status} {up.body[:200]!r}"
    path = up.json()["url"]
    statuses = []
    same = True
    for _ in range(10):
        got = Client(url).call("GET", path)
        statuses.append(got.status)
        same = same and got.body == png
    ok = statuses == [200] * 10 and same
    return ok, f"uploaded {path}, fetched 10 times: {sorted(set(statuses))}, same bytes {same}"


def sign_in_limit(url: str) -> tuple[bool, str]:
    attacker = Client(url, forwarded_for="192.0.2.77")
    statuses = [attacker.call("POST", "/api/user/login",
                              {"email": "nobody@example.com", "password": "Wrong#pass1"}).status
                for _ in range(LOGIN_LIMIT + 6)]
    allowed = sum(1 for s in statuses if s != 429)
    ok = allowed == LOGIN_LIMIT and all(s == 429 for s in statuses[LOGIN_LIMIT:])
    return ok, (f"limit {LOGIN_LIMIT}/min over {NODES} nodes: {allowed} of {len(statuses)} attempts "
                f"answered before 429")


def rolling_restart(cluster: Cluster, admin: Client) -> tuple[bool, str]:
    url = cluster.url
    products = admin.ok("GET", "/api/products?page=1&pageSize=25&inStock=true")["contents"]
    case_only = [p["id"] for p in products if not p.get("isCaseBreakable")][:5]
    shoppers = [buyer(url, n, "steady") for n in range(4)]
    stop = threading.Event()
    counts = {"ok": 0}
    bad: list[str] = []
    lock = threading.Lock()

    def note(what: str, a: Answer) -> None:
        with lock:
            if 200 <= a.status < 300:
                counts["ok"] += 1
            else:
                bad.append(f"{what}: {a.status} {a.body[:120]!r}")

    def browse(n: int) -> None:
        c = Client(url)
        i = 0
        while not stop.is_set():
            i += 1
            note("list", c.call("GET", f"/api/products?page={i % 3 + 1}&pageSize=25"))
            note("detail", c.call("GET", f"/api/products/{case_only[i % len(case_only)]}"))

    def shop(pair) -> None:
        c, me = pair
        i = 0
        while not stop.is_set():
            i += 1
            pid = case_only[i % len(case_only)]
            note("add", c.call("POST", f"/api/cart/{me['cart']}/add", {"productId": pid, "isUnit": False}))
            note("cart", c.call("GET", f"/api/cart/{me['cart']}"))
            note("remove", c.call("POST", f"/api/cart/{me['cart']}/remove", {"productId": pid}))

    threads = [threading.Thread(target=browse, args=(n,)) for n in range(4)]
    threads += [threading.Thread(target=shop, args=(s,)) for s in shoppers]
    for t in threads:
        t.start()
    codes = []
    try:
        time.sleep(2)
        for i in range(NODES):
            # The node leaves the balancer before it stops listening: a connection the node's
            # kernel accepted but the server had not yet taken is reset when the listening
            # socket closes, and nginx resends a GET then but never a POST (README, "Running
            # several nodes").
            cluster.take_out(i)
            codes.append(cluster.stop(i))
            cluster.start(i)
            wait_until(f"node {i} after its restart", lambda i=i: cluster.healthy(i), 120)
            cluster.take_out(None)
            time.sleep(2)
    finally:
        stop.set()
        for t in threads:
            t.join()
    ok = not bad and all(c == 0 for c in codes)
    return ok, (f"{NODES} nodes restarted one by one (exit codes {codes}) under 4 browsers and "
                f"4 carts: {counts['ok']} answers 2xx, {len(bad)} other {bad[:3]}")


def main() -> int:
    server = os.environ.get("TEST_DATABASE_URL")
    if not server:
        print("cluster-test: run through scripts/with-postgres.sh (TEST_DATABASE_URL unset)")
        return 2
    if not SHOP_BIN.exists():
        print(f"cluster-test: {SHOP_BIN} is missing (cargo build -p shop-api --bin shop)")
        return 2
    nginx = find_nginx()
    work = Path(tempfile.mkdtemp(prefix="shop-cluster-"))
    os.chmod(work, 0o755)
    moto = None
    cluster = None
    started = time.time()
    try:
        moto, moto_url = start_moto(work)
        cluster = Cluster(work, create_database(server), moto_url)
        checks = Checks(cluster)

        def all_up() -> tuple[bool, str]:
            for i in range(NODES):
                cluster.start(i)
            for i in range(NODES):
                wait_until(f"node {i}", lambda i=i: cluster.healthy(i), 180)
            return True, f"{NODES} nodes started at the same moment on an empty database: all answer /api/health 200"

        checks.run("start together", all_up)
        if not checks.results[-1][1]:
            return report(checks, started, work)
        cluster.start_balancer(nginx)
        url = cluster.url
        admin = Client(url)
        admin.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD)
        checks.run("one seed", lambda: seeded_once(admin))
        checks.run("race for the last items", lambda: race(url, admin))
        checks.run("replays of one paid session", lambda: replays(url, admin))
        checks.run("admin reads its writes", lambda: admin_writes(url, admin))
        checks.run("shared images", lambda: image(url, admin))
        checks.run("sign-in limit across nodes", lambda: sign_in_limit(url))
        checks.run("rolling restart", lambda: rolling_restart(cluster, admin))
        return report(checks, started, work)
    finally:
        if cluster:
            cluster.close()
        if moto and moto.poll() is None:
            moto.terminate()
            moto.wait()
        if os.environ.get("CLUSTER_KEEP") == "1":
            print(f"cluster-test: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def seeded_once(admin: Client) -> tuple[bool, str]:
    titles: list[str] = []
    page = 1
    while True:
        listed = admin.ok("GET", f"/api/products?page={page}&pageSize=100&showOutOfStock=true")
        titles += [p["title"] for p in listed["contents"]]
        if not listed["hasMore"]:
            break
        page += 1
    dupes = len(titles) - len(set(titles))
    return bool(titles) and dupes == 0, (f"demo shop seeded once: {len(titles)} products listed, "
                                         f"{dupes} listed twice")


def report(checks: Checks, started: float, work: Path) -> int:
    failed = [r for r in checks.results if not r[1]]
    print()
    print(f"cluster-test: {len(checks.results) - len(failed)} of {len(checks.results)} checks passed "
          f"in {time.time() - started:.0f} s ({NODES} nodes, nginx round robin, PostgreSQL, moto)")
    for what, ok, detail in checks.results:
        print(f"  {'PASS' if ok else 'FAIL'}  {what}: {detail}")
    if failed:
        for i in range(NODES):
            log = work / f"node{i}.log"
            if log.exists():
                print(f"--- node{i}.log (tail)\n{log.read_text()[-1500:]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
