# accc: an OpenACC compiler for C. `make help` lists the targets.
# Plain `go build ./...` and `go test ./...` work without make; these targets
# add the project-local CUDA compiler, the lint rules and a test summary.

GO        ?= go
PREFIX    ?= /usr/local
DESTDIR   ?=
FUZZTIME  ?= 1m
# Fuzz targets as Name:package[:minimize], minimize being go test's
# -fuzzminimizetime (default 60s); one missing from its package is skipped.
# FuzzBackend runs the host compiler on every input: minimising each new
# input would take most of its time.
FUZZ_TARGETS ?= FuzzParse:./directives FuzzFrontend:./frontend FuzzBackend:./internal/driver:0

.DEFAULT_GOAL := build
.PHONY: help build install test test-short lint fuzz difftest cuda conformance bench bench-ctime clean distclean

help: ## list the targets
	@echo "usage: make TARGET [VAR=value]"
	@awk 'BEGIN { FS = ":.*## " } /^[a-z-]+:.*## / { printf "  %-11s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
	@echo "variables: PREFIX=$(PREFIX) FUZZTIME=$(FUZZTIME) GOTESTFLAGS=... FUZZ_TARGETS=... VV=... TARGETS=..."

build: ## build bin/accc
	$(GO) build -o bin/accc ./cmd/accc

install: build ## install bin/accc into $(DESTDIR)$(PREFIX)/bin
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 bin/accc $(DESTDIR)$(PREFIX)/bin/accc

test: ## run all tests (installs the project-local nvcc first when none is found)
	@scripts/test.sh

test-short: ## go test -short, without installing nvcc
	@scripts/test.sh --short

lint: ## gofmt, go vet, and the import rules (cc/v4, os/exec)
	@scripts/lint.sh

fuzz: ## run each fuzz target in FUZZ_TARGETS for FUZZTIME (default 1m)
	@set -e; for t in $(FUZZ_TARGETS); do \
		name=$${t%%:*}; pkg=$${t#*:}; min=60s; \
		case $$pkg in *:*) min=$${pkg#*:}; pkg=$${pkg%%:*};; esac; \
		if ! grep -qs "^func $$name(" $$pkg/*_test.go; then \
			echo "fuzz: $$name not in $$pkg, skipped"; continue; \
		fi; \
		echo "fuzz: $$name in $$pkg for $(FUZZTIME)"; \
		$(GO) test -run XXX -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $$min $$pkg; \
	done

# Differential testing (internal/difftest): N generated programs from SEED on
# TARGETS against plain $(CC); failing programs and their reductions go to
# FINDINGS.
N        ?= 100
SEED     ?= 1
DIFFTARGETS ?= host,multicore,emulate
FINDINGS ?= difftest-findings
JOBS     ?= 2

difftest: build ## run generated programs against plain cc: N=100 SEED=1 DIFFTARGETS=host,multicore,emulate FINDINGS=dir JOBS=2
	$(GO) build -o bin/accc-difftest ./cmd/accc-difftest
	bin/accc-difftest -n $(N) -seed $(SEED) -targets $(DIFFTARGETS) -j $(JOBS) -cc $(or $(CC),cc) -findings $(FINDINGS) -reduce

conformance: ## run the OpenACC V&V suite: VV=path/to/OpenACCV-V/Tests [TARGETS="emulate host multicore gpu"]
	@test -n "$(VV)" || { echo "conformance: set VV to the V&V suite's Tests directory"; exit 2; }
	@scripts/conformance.sh "$(VV)" $(or $(TARGETS),emulate)

bench: build ## benchmarks (scripts/bench.sh): with a GPU, the accc vs CUDA table; without, a CPU check [BENCHFLAGS=...]; then bench-ctime
	@scripts/bench.sh $(BENCHFLAGS)
	@scripts/ctime.sh $(CTIMEFLAGS) $(NPB)

bench-ctime: build ## accc's own compile time against gcc -O2 (scripts/ctime.sh) [NPB=dir of NPB-ACC's C sources, CTIMEFLAGS=...]
	@scripts/ctime.sh $(CTIMEFLAGS) $(NPB)

cuda: ## install the CUDA 13.0 compiler from PyPI into .cache/cuda
	@scripts/install-cuda.sh

clean: ## remove bin/ and .cache/bin (keeps the CUDA install)
	rm -rf bin .cache/bin

distclean: clean ## clean, and remove .cache/ (the CUDA install too)
	rm -rf .cache
