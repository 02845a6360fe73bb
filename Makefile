# Fireworks shop. `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO        ?= cargo
NPM          ?= npm
SHOP_BIN     := target/debug/shop
HAS_PG       := $(shell ls -d /usr/lib/postgresql/*/bin 2>/dev/null | head -1)
# Loops of the crash test (crates/api/tests/crash/): `make crash-test`, and within `make test`.
CRASH_LOOPS  ?= 20
TEST_CRASH_LOOPS ?= 3
export CARGO_TERM_COLOR ?= never
# The outside services' stand-ins that the Rust tests start on loopback (localstripe, a Stripe
# emulator; aiosmtpd, an SMTP server writing a Maildir; moto, an S3 emulator), installed from
# PyPI into a private virtual environment by `make standins`.
STANDINS_VENV := target/standins-venv
LOCALSTRIPE   := $(STANDINS_VENV)/bin/localstripe
AIOSMTPD      := $(STANDINS_VENV)/bin/aiosmtpd
MOTO          := $(STANDINS_VENV)/bin/moto_server
STANDINS_ENV  := SHOP_TEST_LOCALSTRIPE=$(abspath $(LOCALSTRIPE)) SHOP_TEST_AIOSMTPD=$(abspath $(AIOSMTPD)) \
                 SHOP_TEST_MOTO=$(abspath $(MOTO))
# `make run` and `make build` compile the shop without its default features error-tracking
# (sentry) and swagger-ui (the browser at /api/docs; /api/openapi.json stays), for a shorter
# first build; tests, e2e, fuzz, CI and release build with them. RUN_FEATURES= builds them too.
RUN_FEATURES ?= --no-default-features
# Runs a stage and prints how long it took: $(call timed,what,command).
timed = TIMEFORMAT='make: $(1) took %1R s'; time { $(2); }

.PHONY: help run serve build build-backend frontend frontend-deps test test-rust test-rust-sqlite \
        test-rust-pg crash-test cluster-test fuzz test-domain test-persistence test-auth test-mail test-api test-frontend lint lint-rust \
        lint-frontend fmt standins e2e e2e-deps bench bench-misses bench-compare bench-pace lighthouse lighthouse-deps release clean

help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  make %-18s %s\n", $$1, $$2}'

run: build ## Build everything, create/migrate/seed data/shop.db and serve http://127.0.0.1:8080 (prints each stage's time)
	@echo '$(SHOP_BIN) seed --demo'
	@$(call timed,migrate + seed,$(SHOP_BIN) seed --demo)
	SHOP_FRONTEND_DIR=frontend/dist $(SHOP_BIN) serve

serve: ## Serve without rebuilding
	SHOP_FRONTEND_DIR=frontend/dist $(SHOP_BIN) serve

build: build-backend frontend ## Build the backend (debug, without error tracking and Swagger UI: RUN_FEATURES) and the frontend

build-backend:
	@echo '$(CARGO) build -p shop-api --bin shop $(RUN_FEATURES)'
	@$(call timed,cargo build,$(CARGO) build -p shop-api --bin shop $(RUN_FEATURES))

release: frontend ## Build the release binary (target/release/shop)
	$(CARGO) build --release -p shop-api --bin shop

frontend-deps:
	@if [ ! -d frontend/node_modules ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then \
		echo '$(NPM) --prefix frontend ci --no-audit --no-fund'; \
		$(call timed,npm ci (frontend),$(NPM) --prefix frontend ci --no-audit --no-fund); fi

frontend: frontend-deps ## Build the frontend into frontend/dist (fails past the 100 KB gzip budget of the storefront's initial JavaScript)
	@echo '$(NPM) --prefix frontend run build'
	@$(call timed,frontend build,$(NPM) --prefix frontend run build)
	$(NPM) --prefix frontend run --silent bundle-size

test: test-rust test-frontend ## Every test: all crates on SQLite (and PostgreSQL when installed), frontend units

test-rust: test-rust-sqlite test-rust-pg ## All crates on SQLite, then on a throwaway PostgreSQL

test-rust-sqlite: standins
	env -u TEST_DATABASE_URL $(STANDINS_ENV) CRASH_LOOPS=$(TEST_CRASH_LOOPS) $(CARGO) test --workspace

test-rust-pg: standins
	@if [ -n "$$TEST_DATABASE_URL" ] || [ -n "$(HAS_PG)" ]; then \
		$(STANDINS_ENV) CRASH_LOOPS=$(TEST_CRASH_LOOPS) scripts/with-postgres.sh $(CARGO) test --workspace; \
	else echo "PostgreSQL not installed: skipping the PostgreSQL run"; fi

cluster-test: standins ## Several nodes for real (issue 36): a throwaway PostgreSQL, moto, three debug nodes started at once behind nginx round robin; races, replays, read-your-writes, shared images and limits, a rolling restart under load (installs nginx-light when missing)
	@command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >/dev/null; }
	$(CARGO) build -p shop-api --bin shop
	$(STANDINS_ENV) scripts/with-postgres.sh python3 scripts/cluster_test.py

crash-test: ## SIGKILL the server amid purchases and admin writes, restart, check the invariants: CRASH_LOOPS (20) loops on SQLite, then PostgreSQL (CRASH_SEED=n repeats a loop)
	env -u TEST_DATABASE_URL CRASH_LOOPS=$(CRASH_LOOPS) $(CARGO) test -p shop-api --test crash -- --nocapture
	@if [ -n "$$TEST_DATABASE_URL" ] || [ -n "$(HAS_PG)" ]; then \
		CRASH_LOOPS=$(CRASH_LOOPS) scripts/with-postgres.sh $(CARGO) test -p shop-api --test crash -- --nocapture; \
	else echo "PostgreSQL not installed: skipping the PostgreSQL run"; fi

fuzz: ## schemathesis (--checks all) over /api/openapi.json against the real server, as a shopper and an admin, on SQLite then PostgreSQL (fuzz/run.sh; FUZZ_SEED, FUZZ_MAX_EXAMPLES)
	$(CARGO) build -p shop-api --bin shop
	env -u TEST_DATABASE_URL fuzz/run.sh
	@if [ -n "$$TEST_DATABASE_URL" ] || [ -n "$(HAS_PG)" ]; then \
		FUZZ_DB=postgres scripts/with-postgres.sh fuzz/run.sh; \
	else echo "PostgreSQL not installed: skipping the PostgreSQL run"; fi

test-domain: ## Domain crate tests
	$(CARGO) test -p domain

test-persistence: ## Persistence crate tests (SQLite, then PostgreSQL when installed)
	env -u TEST_DATABASE_URL $(CARGO) test -p persistence
	@if [ -n "$(HAS_PG)" ]; then scripts/with-postgres.sh $(CARGO) test -p persistence; fi

test-auth: ## Auth crate tests
	$(CARGO) test -p auth

test-mail: standins ## Mail crate tests (templates, snapshots, .eml files, SMTP against aiosmtpd)
	$(STANDINS_ENV) $(CARGO) test -p mail

test-api: standins ## API integration tests (SQLite, then PostgreSQL when installed)
	env -u TEST_DATABASE_URL $(STANDINS_ENV) $(CARGO) test -p shop-api
	@if [ -n "$(HAS_PG)" ]; then $(STANDINS_ENV) scripts/with-postgres.sh $(CARGO) test -p shop-api; fi

standins: $(LOCALSTRIPE) $(AIOSMTPD) $(MOTO) ## Install the tests' stand-ins of outside services (localstripe, aiosmtpd, moto) into target/standins-venv

# One install for all programs (grouped targets): a venv made before aiosmtpd or moto joined
# the list lacks its program, so it is brought up to date by the same line.
$(LOCALSTRIPE) $(AIOSMTPD) $(MOTO) &:
	python3 -m venv $(STANDINS_VENV)
	$(STANDINS_VENV)/bin/pip install --quiet --disable-pip-version-check localstripe==1.15.10 aiosmtpd==1.4.6 'moto[server]==5.2.5'

test-frontend: frontend-deps ## Frontend unit tests
	$(NPM) --prefix frontend test

lint: lint-rust lint-frontend ## Format check, dependency boundaries, clippy -D warnings, tsc and the frontend linter (import zones, no cycles)

lint-rust:
	$(CARGO) fmt --all -- --check
	scripts/check-boundaries.sh
	scripts/check-file-sizes.sh
	python3 scripts/check-module-cycles.py crates/domain/src crates/auth/src
	$(CARGO) clippy --workspace --all-targets -- -D warnings

lint-frontend: frontend-deps
	$(NPM) --prefix frontend run api:check
	$(NPM) --prefix frontend run typecheck
	$(NPM) --prefix frontend run lint

fmt: ## Format the Rust code
	$(CARGO) fmt --all

e2e-deps:
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }
	@if [ ! -d e2e/node_modules ] || [ e2e/package-lock.json -nt e2e/node_modules/.package-lock.json ]; then \
		PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(NPM) --prefix e2e ci --no-audit --no-fund; fi

e2e: frontend e2e-deps standins ## End-to-end tests in headless Chromium against the real server (default features), and a second server with Stripe against localstripe
	$(CARGO) build -p shop-api --bin shop
	$(STANDINS_ENV) PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(NPM) --prefix e2e test

bench: ## Load-test the catalogue (release, 10k and 100k products, vs nginx), the checkout (cart, add, whole purchases) and the mixed load (80% browse, 15% cart, 5% purchase, 64 connections, 60 s, RSS), on SQLite and PostgreSQL, and two API nodes behind nginx on PostgreSQL (report only); writes bench/results/latest.md and the catalogue without its cache (bench/results/misses.md); BENCH_PARTS=catalogue, checkout, mixed, cluster or misses for one part
	bench/run.sh

bench-misses: ## The catalogue without its cache (issue 15): new filter, title piece or page each request, 10k and 100k products, SQLite and PostgreSQL; OLD=path/to/old/shop runs it beside the new binary (bench/results/misses.md)
	python3 bench/misses.py $(OLD)

bench-compare: ## Two builds interleaved in one run (ABBA), on SQLite and on PostgreSQL when installed (BENCH_COMPARE_POSTGRES=0: SQLite only), about 20 min: make bench-compare OLD=path/to/old/shop NEW=target/release/shop (bench/results/compare.md)
	python3 bench/compare.py $(OLD) $(or $(NEW),target/release/shop)

bench-pace: ## Cached answers at nginx's pace (issue 37): list page, filtered list and product detail from the shop (RUST_LOG=warn and the default info, its access log to a file) and from nginx (same bytes), in turns, 3 rounds, about 6 min; OLD=path/to/old/shop adds the old binary's turns (bench/results/pace.md)
	python3 bench/pace.py $(OLD)

lighthouse-deps:
	@if [ ! -d scripts/lighthouse/node_modules ] || [ scripts/lighthouse/package-lock.json -nt scripts/lighthouse/node_modules/.package-lock.json ]; then \
		$(NPM) --prefix scripts/lighthouse ci --no-audit --no-fund; fi

lighthouse: release lighthouse-deps e2e-deps ## Lighthouse (mobile and desktop) on /, /products and a product page against the release build and a fresh demo database; median of 3 runs, writes bench/results/lighthouse.md, fails when a goal is missed (LIGHTHOUSE_NO_GATE=1, LIGHTHOUSE_RUNS)
	node scripts/lighthouse/run.mjs

clean: ## Remove build outputs (keeps data/)
	$(CARGO) clean
	rm -rf frontend/dist e2e/test-results
