# Carousel — two commands for a newcomer: `make demo` and `make test`.
# Both install the system packages they need (Debian/Ubuntu) before building; neither installs
# anything that runs as a service (docs/install.md lists what each one installs).

SHELL       := /bin/bash
SWIFT       ?= swift
# What the `carousel` command needs to build: the demo installs these and nothing else.
DEMO_DEPS   := libgit2-dev pkg-config libsqlite3-dev git
# What the tests add: programs and libraries only (no daemon, no unit), without Recommends.
TEST_DEPS   := $(DEMO_DEPS) systemd strace time openssh-client openssl libnss-wrapper \
               chromium chromium-driver fonts-noto-color-emoji curl zbar-tools
# The servers the tests start and stop themselves. Debian's packages for them enable system
# services (ssh.service, nginx.service, fcgiwrap.socket), so they are never installed: their
# .deb files are unpacked under .build/test-servers/ and run from there as plain programs.
SERVER_DEBS := openssh-server libwrap0 nginx nginx-common fcgiwrap libfcgi0ldbl watchman libpcre3
SERVER_ROOT := $(CURDIR)/.build/test-servers
DEMO_DATE   := 2026-11-23
BIN_DIR      = $(shell $(SWIFT) build --show-bin-path)
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps demo-deps test-deps test-servers pydeps build demo test bench release dist install clean screenshots

# $(call apt-install,PACKAGES): installs those not installed yet, without Recommends.
define apt-install
@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "Installing system packages:$$missing (apt-get's output: .build/apt.log)"; mkdir -p .build; \
  { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; } \
    >.build/apt.log 2>&1 || { tail -20 .build/apt.log; exit 1; }; \
fi
endef

## demo-deps: the packages the command line needs to build (apt)
demo-deps:
	$(call apt-install,$(DEMO_DEPS))

## deps, test-deps: every package the tests use (apt), and the servers unpacked as programs
deps test-deps: test-servers
	$(call apt-install,$(TEST_DEPS))

## test-servers: OpenSSH's sshd, nginx, fcgiwrap and Watchman unpacked from Debian's .deb files
## into .build/test-servers/ (never installed, so nothing is enabled, started or left listening)
test-servers:
	@set -e; root="$(SERVER_ROOT)"; \
	if [ -x "$$root/usr/sbin/sshd" ] && [ -x "$$root/usr/sbin/nginx" ] && [ -x "$$root/usr/sbin/fcgiwrap" ] && [ -x "$$root/usr/bin/watchman" ]; then exit 0; fi; \
	echo "Unpacking the test servers ($(SERVER_DEBS)) into $$root"; \
	rm -rf "$$root"; mkdir -p "$$root/debs"; \
	apt-cache show $(SERVER_DEBS) >/dev/null 2>&1 || $(SUDO) apt-get update -qq; \
	cd "$$root/debs" && apt-get -o APT::Sandbox::User=root download -qq $(SERVER_DEBS); \
	for deb in "$$root"/debs/*.deb; do dpkg -x "$$deb" "$$root"; done; \
	libs="$$root/usr/lib/x86_64-linux-gnu:$$root/lib/x86_64-linux-gnu"; \
	for program in usr/sbin/sshd usr/sbin/nginx usr/sbin/fcgiwrap usr/bin/watchman; do \
	  if LD_LIBRARY_PATH="$$libs" ldd "$$root/$$program" | grep -q "not found"; then \
	    echo "$$program lacks a library:"; LD_LIBRARY_PATH="$$libs" ldd "$$root/$$program" | grep "not found"; exit 1; \
	  fi; \
	done

## pydeps: the Python packages the tests use: independent oracles (iCalendar readers),
## Selenium, which drives Debian's chromium (from deps) in the browser tests, and axe-core
## (axe-selenium-python) for the accessibility checks; Radicale and Xandikos (CalDAV servers the
## `carousel caldav` tests start on 127.0.0.1) and caldav, the client that plays the phone
PYDEPS := icalendar recurring-ical-events python-dateutil selenium axe-selenium-python radicale xandikos caldav
pydeps:
	@python3 -c "import icalendar, recurring_ical_events, dateutil, selenium, axe_selenium_python, radicale, xandikos, caldav" 2>/dev/null || \
	  python3 -m pip install -q $(PYDEPS) 2>/dev/null || \
	  python3 -m pip install -q --break-system-packages $(PYDEPS)

## build: a debug build of everything
build: deps
	$(SWIFT) build

## demo: build the command line only, copy sample-vault/ to a temporary folder, show the views
demo: demo-deps
	$(SWIFT) build --product carousel
	@set -e; \
	vault=$$(mktemp -d)/vault; cp -R sample-vault "$$vault"; \
	bin="$(BIN_DIR)/carousel"; \
	export CAROUSEL_TODAY=$(DEMO_DATE) CAROUSEL_NOW=$(DEMO_DATE)T10:30 CAROUSEL_AUTHOR_NAME="Carousel demo" CAROUSEL_AUTHOR_EMAIL=demo@carousel.invalid; \
	"$$bin" init "$$vault" >/dev/null; \
	echo "── carousel            (home: today, spoons and the carousel) ──"; "$$bin" --vault "$$vault"; \
	echo "── carousel today ──"; "$$bin" today --vault "$$vault"; \
	echo "── carousel suggest ──"; "$$bin" suggest --vault "$$vault"; \
	echo "── carousel show finish-the-quarterly-report ──"; "$$bin" show finish-the-quarterly-report --vault "$$vault"; \
	echo "── carousel pull call-mum, then done call-mum ──"; \
	"$$bin" pull call-mum --vault "$$vault"; "$$bin" done call-mum --vault "$$vault"; \
	echo "── git log (every change is a commit) ──"; git -C "$$vault" log --format='  %h %s' | head -5; \
	echo "── carousel bubbles ──"; "$$bin" bubbles --vault "$$vault" --out "$$(dirname "$$vault")/bubbles.svg"; \
	echo; echo "The demo vault is at $$vault — try: $$bin --vault $$vault"

## test: the whole suite (unit, git and end-to-end tests against the built binary). The tests
## run one class per process, TEST_WORKERS (4) processes side by side, by Tests/run.sh, which
## prints a line per class and names every failing test; TEST_WORKERS=1 runs them one after
## another. Each class's output is kept in .build/test-logs/.
## The tests' vaults, remotes and servers go in a folder of their own under TEST_TMP: a RAM-backed
## one (/dev/shm) when the machine has it, since they fsync for real and on a two-core machine
## waiting for the disk was a third of the run. `make stress` keeps them on disk. The folder is
## removed after the run. (The build keeps its index store: on Linux the tests are found through it.)
## When ../shared/corpora is beside the project (CI has it), the public calendars and TaskNotes'
## conformance suite run too, and their counts are printed after the suite; a plain clone
## without it skips them and says so.
TEST_WORKERS ?= 4
TEST_TMP ?= $(shell [ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || echo "$${TMPDIR:-/tmp}")
test: deps pydeps
	CAROUSEL_STRICT=1 $(SWIFT) build --build-tests
	@scratch=$$(mktemp -d "$(TEST_TMP)/carousel-tests.XXXXXX") && chmod 1777 "$$scratch" && \
	  TMPDIR="$$scratch" CAROUSEL_TEST_SERVER_ROOT="$(SERVER_ROOT)" CAROUSEL_TEST_PYTHON=required CAROUSEL_REQUIRE_BROWSER=1 \
	  CAROUSEL_TEST_SERVERS=required Tests/run.sh "$(BIN_DIR)" $(TEST_WORKERS) .build/test-logs; \
	  status=$$?; rm -rf "$$scratch"; \
	  echo "Other tools' files (../shared/corpora: SharedCorporaTests, TaskNotesConformanceTests):"; \
	  grep -h "^corpus: " .build/test-logs/*SharedCorporaTests.log .build/test-logs/*TaskNotesConformanceTests.log 2>/dev/null | sed 's/^corpus: /  /'; \
	  exit $$status

## screenshots: a PNG of every page of `carousel serve`, light and dark, on a desktop and on
## 375 and 430 px phones, into docs/screenshots/
screenshots: deps pydeps
	$(SWIFT) build
	python3 Tests/Browser/webtest.py "$(BIN_DIR)" --screenshots docs/screenshots

## release: an optimized binary with the static Swift standard library
release: demo-deps
	@# Product by product: a dependency's dynamic library (GRDB-dynamic) cannot take the static stdlib.
	$(SWIFT) build -c release --static-swift-stdlib --product carousel
	$(SWIFT) build -c release --static-swift-stdlib --product carousel-serve
	$(SWIFT) build -c release --static-swift-stdlib --product carousel-caldav
	@echo "Built $$($(SWIFT) build -c release --show-bin-path)/carousel, carousel-serve and carousel-caldav beside it"

## dist: carousel-VERSION-linux-ARCH.tar.gz, a release archive that runs without Swift (the
## binaries, completions, the man page, INSTALL.txt), then tried unpacked (dist/check.sh)
dist: release
	@archive=$$(dist/package.sh "$$($(SWIFT) build -c release --show-bin-path)" .) && echo "Wrote $$archive" && \
	  dist/check.sh "$$archive"

## install: the release binary, shell completions (bash, zsh, fish) and carousel.1 under PREFIX
## (default /usr/local; `make install PREFIX=$$HOME/.local` needs no root)
PREFIX  ?= /usr/local
DESTDIR ?=
install: release
	@set -e; bin="$$($(SWIFT) build -c release --show-bin-path)/carousel"; root="$(DESTDIR)$(PREFIX)"; \
	install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
	  "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	install -m 755 "$$bin" "$$root/bin/carousel"; \
	install -m 755 "$$(dirname "$$bin")/carousel-serve" "$$root/bin/carousel-serve"; \
	install -m 755 "$$(dirname "$$bin")/carousel-caldav" "$$root/bin/carousel-caldav"; \
	"$$bin" --generate-completion-script bash > "$$root/share/bash-completion/completions/carousel"; \
	"$$bin" --generate-completion-script zsh > "$$root/share/zsh/site-functions/_carousel"; \
	"$$bin" --generate-completion-script fish > "$$root/share/fish/vendor_completions.d/carousel.fish"; \
	"$$bin" generate-man > "$$root/share/man/man1/carousel.1"; \
	echo "Installed $$root/bin/carousel, its completions and carousel.1"

clean:
	rm -rf .build

## bench: time views and commits on generated 1k and 10k vaults (release build), as a table
## written into docs/performance.md; `make bench SIZES="1000 10000 100000"` for the large run;
## then every page of `carousel serve` at PAGE_CARDS (10,000) cards (bench/pages.py), and
## start-up (`--version` and a view with no cards) under perf stat, medians of 20
SIZES ?= 1000 10000
PAGE_CARDS ?= 10000
bench: release
	@dpkg -s taskwarrior >/dev/null 2>&1 || { $(SUDO) apt-get install -y -qq taskwarrior >/dev/null 2>&1 || \
	  echo "taskwarrior could not be installed; its row stays empty"; }
	BENCH_WRITE_DOCS=1 CAROUSEL_BIN=$$($(SWIFT) build -c release --show-bin-path)/carousel bench/run.sh $(SIZES)
	BENCH_WRITE_DOCS=1 CAROUSEL_BIN=$$($(SWIFT) build -c release --show-bin-path)/carousel python3 bench/pages.py $(PAGE_CARDS)
	@command -v perf >/dev/null || $(SUDO) apt-get install -y -qq linux-perf >/dev/null 2>&1 || \
	  echo "linux-perf could not be installed; the start-up table is skipped"
	-CAROUSEL_BIN=$$($(SWIFT) build -c release --show-bin-path)/carousel bench/startup.sh
	-CAROUSEL_BIN=$$($(SWIFT) build -c release --show-bin-path)/carousel bench/caldav.sh $(SIZES)

## stress: the long explorations in full (CAROUSEL_STRESS=1), where `make test` visits a fixed
## sample of each: every crash point, every power-cut state, every failed fsync, every amount of
## free disk, 500 SIGKILLs, 4 × 100 writers, four random sync orders, kills mid-push, fifty web
## clients for ten seconds. Hours on two cores (README, "Testing").
STRESS_TESTS := CrashTests|CrashPointTests|PowerCutTests|DurabilityTests|FullDiskTests|ConcurrencyTests|SyncRandomTests|RemoteSyncTests|BrowserTests.testFiftyClients|WedgedDeviceTests.testAGigabyte|WedgedDeviceTests.testTwentyThousand
stress: deps pydeps
	$(SWIFT) build
	CAROUSEL_STRESS=1 CAROUSEL_TEST_SERVER_ROOT="$(SERVER_ROOT)" CAROUSEL_TEST_PYTHON=required CAROUSEL_REQUIRE_BROWSER=1 CAROUSEL_TEST_SERVERS=required \
	  $(SWIFT) test --disable-swift-testing --parallel --num-workers $(TEST_WORKERS) --filter '$(STRESS_TESTS)'

## fuzz: build the libFuzzer targets and run each for SECONDS (default 60), resuming from the
## corpus kept in fuzz/corpus and merging back what reached new code (fuzz/runs.tsv logs each run)
SECONDS ?= 60
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
fuzz: deps
	$(SWIFT) build --scratch-path .build-fuzz --product fuzz-card $(FUZZ_FLAGS)
	$(SWIFT) build --scratch-path .build-fuzz --product fuzz-rule $(FUZZ_FLAGS)
	$(SWIFT) build --scratch-path .build-fuzz --product fuzz-merge $(FUZZ_FLAGS)
	$(SWIFT) build --scratch-path .build-fuzz --product fuzz-tree $(FUZZ_FLAGS)
	fuzz/run.sh $(SECONDS)
