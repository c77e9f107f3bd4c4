# Lockers: build, run and test everything from one place.
#   make run    build the web app and lockerd (web embedded), start it on 127.0.0.1:8080
#   make test   every test: Go (vet, race, SQLite + PostgreSQL), web (types, lint, Vitest),
#               the @trpc/client contract test, the browser journeys and the container image
# `make help` lists the other targets.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build
.DELETE_ON_ERROR:
.NOTPARALLEL:
MAKEFLAGS += --no-print-directory

GO          ?= go
NODE        ?= node
NPM_INSTALL := npm install --no-audit --no-fund
BIN         := bin/lockerd

# Never let a package install fetch a browser: the tests use Debian's chromium-headless-shell (or chromium).
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export PUPPETEER_SKIP_DOWNLOAD := 1
# Go store tests run against SQLite and PostgreSQL; each test makes its own database. `make test-go` starts a
# throwaway PostgreSQL in memory for them (scripts/test-postgres.sh) unless TEST_DATABASE_URL names a server.

# Our Go packages; npm packages may ship Go files of their own under node_modules.
GO_PACKAGES = $$($(GO) list ./... | grep -v /node_modules/)

# Under CI every test really runs (no cached results from an earlier run on the machine).
# checkptr (on by default under -race) stays on for our code but is off for modernc.org's
# SQLite, C translated to Go whose pointer arithmetic it re-checks at every step (about
# 40 % of the CPU of the tests that use SQLite); the race detector still covers it.
# go vet has run every analyzer just before, so go test's own subset is off. The test binaries are linked
# without DWARF (-ldflags=-w), which only a debugger reads: a third less CPU to link the 52 of them, and
# stack traces and race reports still name every file and line (they come from the symbol table).
GO_TEST_FLAGS ?= -race -vet=off -gcflags=modernc.org/...=-d=checkptr=0 -ldflags=-w -timeout 10m $(if $(CI),-count=1)

# npm dependencies are installed only when the lock file changed or node_modules is gone.
WEB_DEPS := web/node_modules/.installed
E2E_DEPS := e2e/node_modules/.installed
# Everything the web build reads (sources, config, lock file), not its outputs.
WEB_SRC := $(shell find web -type f -not -path 'web/node_modules/*' -not -path 'web/dist/*' \
             -not -path 'web/coverage/*' -not -path 'web/test-results/*' -not -name '*.go' \
             -not -path 'web/dist-native/*' -not -path 'web/android/*' -not -path 'web/ios/*' 2>/dev/null)
# The core URL the test build of the native app calls (a release sets its real host:
# `cd web && VITE_CORE_URL=https://host/c-core npm run build:native`); the browser test
# e2e/browser/native-origin.test.mjs points it at the lockerd it starts.
NATIVE_CORE_URL ?= http://core.test.invalid/c-core

.PHONY: help run build bin/lockerd-testclock web generate test test-go test-web test-web-types test-web-checks test-go-lint test-e2e test-contract test-browser native-check \
        bench bench-server bench-web bench-invoice bench-mqtt bench-stations bench-notify lighthouse clean deps screenshots soak

help: ## list the targets
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 16

run: build ## build everything and start lockerd (HTTP_ADDR, DATABASE_URL, ... from the environment)
	mkdir -p data
	HTTP_ADDR="$${HTTP_ADDR:-127.0.0.1:8080}" DATABASE_URL="$${DATABASE_URL:-sqlite:./data/lockers.db}" \
	  exec ./$(BIN) serve

# One version for lockerd, its web app and the image: scripts/version.sh (the release tag, else
# web/package.json's version plus the commit), stamped into each at build time.
VERSION_STAMP = lockers/internal/version.stamped
# bin/lockerd is the binary the image holds: static (no cgo: SQLite is pure Go), with the web app
# and the time zone database (stations keep their own zones) inside, no paths of this machine.
# GO_BUILD stamps the version of the recipe's shell variable v.
GO_BUILD = CGO_ENABLED=0 $(GO) build -trimpath -tags embedweb,timetzdata -ldflags "-s -w -X $(VERSION_STAMP)=$$v"
# go vet and the image test compile with the build's settings as far as they can (embedweb needs web/dist,
# which test-go does not wait for), so that a fresh machine compiles the dependencies once for all three
# instead of once per setting: the race-instrumented test build is the only other.
GO_CHECK = CGO_ENABLED=0 $(GO) vet -trimpath
build: web ## build bin/lockerd (static, web app embedded, version stamped)
	v=$$(scripts/version.sh); $(GO_BUILD) -o $(BIN) ./cmd/lockerd

# The same lockerd for the browser tests at the hours that break date code (e2e/browser/clock.test.mjs): built
# with the testclock tag, its clock starts at LOCKERS_TEST_NOW (internal/clock). Never shipped: `make build`,
# the image and the release build without the tag, and so without that code.
bin/lockerd-testclock: web
	v=$$(scripts/version.sh); CGO_ENABLED=0 $(GO) build -trimpath -tags embedweb,timetzdata,testclock -ldflags "-w -X $(VERSION_STAMP)=$$v" -o $@ ./cmd/lockerd

web: web/dist/index.html ## build the web app into web/dist

web/dist/index.html: $(WEB_DEPS) $(WEB_SRC)
	v=$$(scripts/version.sh); cd web && LOCKERS_VERSION="$$v" npm run build

generate: ## regenerate web/src/api/generated/app-router.d.ts from the Go procedure tables
	$(GO) generate ./internal/api

deps: $(WEB_DEPS) $(E2E_DEPS) ## install the npm dependencies of web/ and e2e/

$(WEB_DEPS): web/package.json $(wildcard web/package-lock.json)
	cd web && $(NPM_INSTALL)
	touch $@

$(E2E_DEPS): e2e/package.json $(wildcard e2e/package-lock.json)
	cd e2e && $(NPM_INSTALL)
	touch $@

test: $(WEB_DEPS) $(E2E_DEPS) ## every test (what CI runs through .ci/run): test-go, the web checks and the browser lane side by side
	scripts/test-all.sh

test-go: ## go vet and go test -race (SQLite and a throwaway PostgreSQL, or TEST_DATABASE_URL's; stripe-mock for the Stripe adapter); includes the generator staleness check and the testclock build's clock
	$(GO_CHECK) -tags timetzdata $(GO_PACKAGES)
	STRIPE_MOCK="$$(scripts/stripe-mock.sh)" scripts/test-postgres.sh $(GO) test $(GO_TEST_FLAGS) -json $(GO_PACKAGES) | $(NODE) scripts/go-test-summary.mjs
	$(GO) test -count=1 -tags testclock ./internal/clock/...

test-web: test-web-types test-web-checks ## web type-check, lint and Vitest

# The type-check apart from lint and Vitest: `make test` runs it before the build (whose own `tsc -b` then has
# nothing to do), so that the two never write the incremental build's state at once.
test-web-types: $(WEB_DEPS) ## the web type-check (tsc -b)
	cd web && npm run typecheck

test-web-checks: $(WEB_DEPS) ## ESLint and Vitest
	cd web && npm run lint
	cd web && CI=true npm run test

# staticcheck apart from test-go: `make test` runs it in the lane of the short web checks, so that it does not
# hold back the Go tests (it reads every package's code, minutes of CPU on a fresh machine).
test-go-lint: ## staticcheck over every Go package, no findings allowed
	"$$(scripts/staticcheck.sh)" -tags timetzdata $(GO_PACKAGES)

test-e2e: test-contract test-browser ## the @trpc/client contract test and the browser journeys against bin/lockerd

test-contract: build $(E2E_DEPS) ## @trpc/client (httpLink, httpBatchLink) against the real binary
	cd e2e && $(NODE) run-tests.mjs contract

# Browser test files run two at a time (each has its own lockerd and chromium): one file alone leaves
# the CPUs idle while its pages wait on the network and on timers. A third starts while the CPUs idle
# anyway, as they do once the other lanes of `make test` have ended (e2e/run-tests.mjs).
E2E_CONCURRENCY ?= 2

test-browser: build bin/lockerd-testclock native-check $(E2E_DEPS) ## playwright-core + Debian's chromium headless shell against the real binary (and its testclock build, clock.test.mjs)
	cd e2e && $(NODE) run-tests.mjs browser --test-concurrency=$(E2E_CONCURRENCY) --widen-when-idle

screenshots: build $(E2E_DEPS) ## the ten main consumer screens at 390 and 1280 px in EN and ET, into e2e/artifacts/screens/
	cd e2e && $(NODE) screenshots.mjs

native-check: web/dist-native/index.html ## the native apps' Capacitor config is valid and `cap sync` succeeds (no SDKs needed)
	cd web && VITE_CORE_URL='$(NATIVE_CORE_URL)' $(NODE) build/check-native.mjs
	cd web && npx cap sync

# The native build for the check and the browser test; no tsc here: test-web type-checks.
web/dist-native/index.html: $(WEB_DEPS) $(WEB_SRC)
	cd web && VITE_CORE_URL='$(NATIVE_CORE_URL)' npx vite build --mode native --logLevel warn

bench: bench-web bench-invoice bench-mqtt bench-notify bench-server ## web entry size budget, invoice PDF speed, MQTT station controller, notifications, then lockerd vs the Node @trpc/server reference (wrk)

bench-web: web ## entry JavaScript gzip size (budget 100 kB)
	bench/web-size.sh

bench-invoice: ## invoice PDF printing: ns/op, p50 and p99 (budget p50 ≤ 25 ms)
	bench/invoice-pdf.sh

bench-mqtt: ## MQTT open-door round trip p99 (budget 100 ms) and 1,000 stations' telemetry at the receiver (budget 15 % of a core)
	bench/mqtt.sh

bench-stations: ## lockerd as a whole (MQTT, SQLite) under 1,000 stations × 24 compartments for 10 minutes: CPU ≤ 15 % of a core, RSS flat (STATIONS, DURATION)
	bench/stations.sh

bench-notify: ## 100,000 reminders scheduled and delivered (budget 120 s SQLite, 60 s PostgreSQL); notification.list p99 at 10,000 notifications (budget 10 ms)
	$(GO) test -run '^$$' -bench 'BenchmarkReminders100k' -benchtime 1x -timeout 30m ./internal/notify/notifysql/
	$(GO) test -run '^$$' -bench 'BenchmarkList10k' -benchtime 2000x -timeout 30m ./internal/notify/notifysql/

bench-server: build $(E2E_DEPS) ## rps and p50/p99 of lockerd, the bare net/http handler (tools/barerpc) and Node @trpc/server at c=1,16,64
	$(GO) build -o bin/bench-bare ./tools/barerpc
	$(NODE) bench/run.mjs

# SOAK_DURATION=2m make soak for a shorter run; the report also goes to bin/soak.md.
SOAK_DURATION ?= 10m
SOAK_RATE ?= 5
soak: build ## three lockerd behind HAProxy on PostgreSQL, mixed journeys for SOAK_DURATION (10m): p50/p99 per procedure, resources flat
	$(GO) run ./tools/cluster/cmd/soak -duration $(SOAK_DURATION) -rate $(SOAK_RATE) -lockerd $(BIN) -out bin/soak.md

lighthouse: build $(E2E_DEPS) ## Lighthouse 12 mobile of /login and / beside the reference app (bench/reference-app) at 4× and 8× CPU slowdown applied in Chromium, median of 5: main-thread work ≤ 1.2×, TTI ≤, TBT ≤ +100 ms, score ≥ −3 of the reference's
	bench/reference-app.sh
	CHROME_PATH="$${CHROME_PATH:-/usr/bin/chromium}" $(NODE) bench/lighthouse.mjs

# The container image and the release, without a registry or a daemon (docs/operations.md, "Container").
# bin/lockerd's web build must carry its version: a web/dist of another commit is built again.
.PHONY: image test-image release
# One version for the whole recipe (LOCKERS_VERSION: scripts/version.sh prints it again), whatever is
# committed meanwhile.
image: ## the image lockers/lockerd:VERSION from bin/lockerd (buildah; deploy/Containerfile, store in bin/containers)
	scripts/containers.sh true
	LOCKERS_VERSION=$$(scripts/version.sh); export LOCKERS_VERSION; \
	  grep -qF "<meta name=\"app-version\" content=\"$$LOCKERS_VERSION\">" web/dist/index.html 2>/dev/null || rm -f web/dist/index.html; \
	  $(MAKE) build && scripts/image.sh >/dev/null

test-image: image ## run the image with podman: /healthz, /login, uid 65532, a booking across a restart, SIGTERM
	$(GO_CHECK) -tags imagetest,timetzdata ./deploy/imagetest
	CGO_ENABLED=0 $(GO) test -trimpath -tags imagetest,timetzdata -count=1 -json ./deploy/imagetest | $(NODE) scripts/go-test-summary.mjs image

# A release asks apt for the newest CA certificates package before it builds the image.
release: ## dist/: lockerd for linux/amd64 and arm64, the image (OCI archive), a CycloneDX SBOM, SHA256SUMS
	LOCKERS_VERSION=$$(scripts/version.sh); export LOCKERS_VERSION IMAGE_CA_REFRESH=1; v=$$LOCKERS_VERSION; \
	  $(MAKE) image && rm -rf dist && mkdir -p dist && \
	  for arch in amd64 arm64; do GOOS=linux GOARCH=$$arch $(GO_BUILD) -o "dist/lockerd-$$v-linux-$$arch" ./cmd/lockerd || exit 1; done && \
	  scripts/release.sh

clean: ## remove build outputs and test artifacts (keeps ./data and node_modules)
	rm -rf bin web/dist e2e/artifacts test-results web/coverage dist
