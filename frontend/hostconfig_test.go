package frontend

import (
	"reflect"
	"testing"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestHostConfigExact checks that a configuration built from ProbeHost's
// result (the driver's cache) is the one cc.NewConfig builds, unexported
// fields included, for the options where ccConfig says so, and that
// ccConfig declines the options that change what only NewConfig sets.
func TestHostConfigExact(t *testing.T) {
	host := acctest.NeedCC(t)
	for _, tc := range []struct {
		args  []string
		std   string
		exact bool
	}{
		{nil, "", true},
		{nil, "gnu11", true},
		{[]string{"-m64"}, "gnu99", true},
		{nil, "c11", false},
		{nil, "gnu2x", false}, // C23's keywords
		{[]string{"-ansi"}, "", false},
		{[]string{"-ffreestanding"}, "", false},
		{[]string{"-fno-builtin"}, "", false},
	} {
		cfg := &Config{CC: host, CCArgs: tc.args, Std: tc.std}
		h, err := ProbeHost(cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := h.ccConfig(ccOptions(cfg))
		if ok != tc.exact {
			t.Errorf("%v -std=%s: ccConfig says %v, want %v", tc.args, tc.std, ok, tc.exact)
			continue
		}
		if !ok {
			continue
		}
		t.Setenv("CC", host)
		want, err := cc.NewConfig("", "", ccOptions(cfg)...)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%v -std=%s: the configuration from the probe differs from cc.NewConfig's:\n%#v\n%#v", tc.args, tc.std, got, want)
		}
	}
}

// TestHostConfigC23 checks that C23 (whose keywords only cc.NewConfig
// sets) is left to cc.NewConfig.
func TestHostConfigC23(t *testing.T) {
	h := &HostConfig{CC: "cc", Predefined: "#define __STDC_VERSION__ 202311L\n"}
	if _, ok := h.ccConfig(nil); ok {
		t.Error("ccConfig accepted C23")
	}
	h.Predefined = "#define __STDC_VERSION__ 201710L\n"
	if _, ok := h.ccConfig(nil); !ok {
		t.Error("ccConfig declined C17")
	}
}
