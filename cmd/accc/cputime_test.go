package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/driver"
)

// TestWriteCPUTimes checks the line ACCC_TIME_PASSES=1 ends with, which
// scripts/ctime.sh reads, and that nothing is written without it.
func TestWriteCPUTimes(t *testing.T) {
	var b strings.Builder
	t.Setenv(driver.TimePassesEnv, "")
	writeCPUTimes(&b)
	if b.Len() != 0 {
		t.Errorf("without %s: %q", driver.TimePassesEnv, b.String())
	}
	t.Setenv(driver.TimePassesEnv, "1")
	writeCPUTimes(&b)
	if !regexp.MustCompile(`^accc: CPU time: accc [0-9]+\.[0-9]{3}s, tools [0-9]+\.[0-9]{3}s\n$`).MatchString(b.String()) {
		t.Errorf("with %s=1: %q", driver.TimePassesEnv, b.String())
	}
}
