#!/usr/bin/env bash
# lint.sh: the checks of `make lint`; exits non-zero on any finding.
#   1. gofmt -l finds nothing
#   2. go vet ./...
#   3. the import rules of DESIGN.md §2:
#      - only frontend, directives and lower (and their subpackages) import
#        modernc.org/cc/v4, tests included; ir and opt (the IR-only
#        passes) import none of cc/v4, frontend, directives and lower
#      - only internal/driver runs external programs: no other package
#        imports os/exec outside its _test.go files (internal/acctest and
#        internal/difftest, the test helpers, may)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
module=$(go list -m)
status=0
fail() { echo "lint: $*"; status=1; }

# 1. gofmt, on every Go file outside .cache/ and testdata/ (C-like inputs).
unformatted=$(find . -name '*.go' -not -path './.cache/*' -not -path './.git/*' \
    -not -path '*/testdata/*' -print0 | xargs -0 -r gofmt -l)
[[ -z $unformatted ]] || fail "gofmt -l (run gofmt -w):"$'\n'"$unformatted"

# 2. go vet.
go vet ./... || fail "go vet failed"

# 3. Import rules, from go list: "<dir>|<imports>|<test imports>".
# -e keeps going over packages that do not build (go vet reports those).
while IFS='|' read -r pkg imports testimports; do
    dir=${pkg#"$module"}
    dir=${dir#/}
    case "$dir" in
    frontend | frontend/* | directives | directives/* | lower | lower/*) ;;
    *)
        for imp in $imports $testimports; do
            [[ $imp == modernc.org/cc/v4 || $imp == modernc.org/cc/v4/* ]] &&
                fail "$dir imports $imp: only frontend, directives and lower may use cc/v4"
        done
        ;;
    esac
    if [[ $dir == ir || $dir == ir/* || $dir == opt || $dir == opt/* ]]; then
        for imp in $imports $testimports; do
            [[ $imp == */accc/frontend || $imp == */accc/lower || $imp == */accc/directives ]] &&
                fail "$dir imports $imp: the IR and its passes see no C AST"
        done
    fi
    case "$dir" in
    internal/driver | internal/acctest | internal/difftest) ;;
    *)
        for imp in $imports; do
            [[ $imp == os/exec ]] &&
                fail "$dir imports os/exec: only internal/driver runs external programs"
        done
        ;;
    esac
done < <(go list -e -f '{{.ImportPath}}|{{join .Imports " "}}|{{join .TestImports " "}} {{join .XTestImports " "}}' ./...)

[[ $status == 0 ]] && echo "lint: ok"
exit $status
