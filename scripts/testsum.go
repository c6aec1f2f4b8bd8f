//go:build ignore

// testsum reads `go test -json` on stdin and prints what plain `go test`
// prints (the ok/FAIL line of each package, the output of failed tests, build
// errors), then a closing summary line:
//
//	tests: 212 passed, 0 failed, 3 skipped
//
// "failed" counts failed tests plus packages that failed with no failing
// test (build errors, a panic outside a test). It exits 1 when anything
// failed. Usage: go test -json ./... | go run scripts/testsum.go
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"
)

type event struct {
	Action     string
	Package    string
	Test       string
	Output     string
	ImportPath string // build-output events
}

func main() {
	start := time.Now()
	var passed, failed, skipped, pkgOK, pkgFail, pkgNoTests int
	buf := map[string][]string{}     // output of running tests, keyed by package + test
	failedTests := map[string]bool{} // packages with a failed test
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()

	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Text()
		var e event
		if !strings.HasPrefix(line, "{") || json.Unmarshal([]byte(line), &e) != nil {
			fmt.Fprintln(out, line) // not an event: pass it through
			continue
		}
		key := e.Package + "\x00" + e.Test
		switch {
		case e.Action == "build-output":
			fmt.Fprint(out, e.Output)
		case e.Action == "output" && e.Test != "":
			if !isFramingLine(e.Output) {
				buf[key] = append(buf[key], e.Output)
			}
		case e.Action == "output": // package level: ok/FAIL lines, failures outside tests
			if s := strings.TrimSpace(e.Output); s != "PASS" && !strings.HasPrefix(s, "=== ") {
				fmt.Fprint(out, e.Output)
			}
		case e.Test != "" && (e.Action == "pass" || e.Action == "skip" || e.Action == "fail"):
			switch e.Action {
			case "pass":
				passed++
			case "skip":
				skipped++
			case "fail":
				failed++
				failedTests[e.Package] = true
				for _, l := range buf[key] {
					fmt.Fprint(out, l)
				}
			}
			delete(buf, key)
		case e.Test == "" && e.Action == "pass":
			pkgOK++
		case e.Test == "" && e.Action == "skip": // no test files
			pkgNoTests++
		case e.Test == "" && e.Action == "fail":
			pkgFail++
			if !failedTests[e.Package] {
				failed++
			}
		}
		out.Flush()
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(out, "testsum:", err)
		failed++
	}
	fmt.Fprintf(out, "\npackages: %d ok, %d failed, %d without tests (%.1fs)\n",
		pkgOK, pkgFail, pkgNoTests, time.Since(start).Seconds())
	fmt.Fprintf(out, "tests: %d passed, %d failed, %d skipped\n", passed, failed, skipped)
	if failed > 0 {
		out.Flush()
		os.Exit(1)
	}
}

// isFramingLine reports the lines -json's implied -v adds, which plain
// go test output does not have.
func isFramingLine(s string) bool {
	for _, p := range []string{"=== RUN", "=== PAUSE", "=== CONT", "=== NAME"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
