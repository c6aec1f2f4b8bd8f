package driver

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestStripSuffix(t *testing.T) {
	for in, want := range map[string]string{
		"x.o": "x", "out/x.o": "out/x", "prog": "prog", "a.b/prog": "a.b/prog",
		"x.tar.o": "x.tar", "out/.hid": "out/", "dir.d/x": "dir.d/x",
	} {
		if got := stripSuffix(in); got != want {
			t.Errorf("stripSuffix(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseDepFlags(t *testing.T) {
	got := parseDepFlags([]string{"-MD", "-MF", "x.d", "-MT", "a", "-MMD", "-MQ", "$(b)", "-MP"})
	want := depRequest{write: true, file: "x.d", targets: []string{"-MT", "a", "-MQ", "$(b)"}, phony: true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseDepFlags = %+v, want %+v", got, want)
	}
	if d := parseDepFlags([]string{"-M", "-MG"}); !d.only || !d.system || !d.gen || d.write {
		t.Errorf("parseDepFlags(-M -MG) = %+v", d)
	}
	if d := parseDepFlags(nil); d.wanted() {
		t.Errorf("no options want dependencies: %+v", d)
	}
}

// TestDepOutput: where gcc 12 writes dependencies (checked against gcc by
// TestDependencyFilesMatchGCC).
func TestDepOutput(t *testing.T) {
	tests := []struct {
		mode   Mode
		output string
		flags  []string
		in     string
		want   string
	}{
		{ModeCompile, "", []string{"-MD"}, "sub/x.c", "x.d"},
		{ModeCompile, "out/x.o", []string{"-MMD"}, "sub/x.c", "out/x.d"},
		{ModeCompile, "out/x", []string{"-MMD"}, "x.c", "out/x.d"},
		{ModeCompile, "out/x.o", []string{"-MMD", "-MF", "deps/x.dep"}, "x.c", "deps/x.dep"},
		{ModeCompile, "", []string{"-MMD", "-MF", "-"}, "x.c", "-"},
		{ModeLink, "", []string{"-MMD"}, "sub/y.c", "a-y.d"},
		{ModeLink, "bin/prog", []string{"-MMD"}, "sub/y.c", "bin/prog.d"},
		{ModeSyntax, "", []string{"-MD"}, "x.c", "a-x.d"},
		{ModePreprocess, "", []string{"-MD"}, "x.c", "x.d"},
		{ModePreprocess, "out/x.i", []string{"-MD"}, "x.c", "out/x.d"},
		{ModePreprocess, "", []string{"-M"}, "x.c", "-"},
		{ModePreprocess, "deps.mk", []string{"-MM"}, "x.c", "deps.mk"},
		{ModePreprocess, "deps.mk", []string{"-MM", "-MF", "m.d"}, "x.c", "m.d"},
	}
	for _, tt := range tests {
		c := &compilation{cfg: &Config{Mode: tt.mode, Output: tt.output, DepFlags: tt.flags}}
		if got := c.depOutput(parseDepFlags(tt.flags), tt.in); got != tt.want {
			t.Errorf("mode %d -o %q %q %s: depOutput = %q, want %q", tt.mode, tt.output, tt.flags, tt.in, got, tt.want)
		}
	}
}

func TestDepArgs(t *testing.T) {
	tests := []struct {
		mode   Mode
		output string
		flags  []string
		want   []string
	}{
		{ModeCompile, "", []string{"-MD"}, []string{"-M"}},
		{ModeCompile, "out/x.o", []string{"-MMD", "-MP"}, []string{"-MM", "-MQ", "out/x.o", "-MP"}},
		{ModeCompile, "out/x.o", []string{"-MMD", "-MT", "t"}, []string{"-MM", "-MT", "t"}},
		{ModePreprocess, "out/x.i", []string{"-MD"}, []string{"-M"}},
		{ModePreprocess, "", []string{"-MM", "-MG"}, []string{"-MM", "-MG"}},
	}
	for _, tt := range tests {
		c := &compilation{cfg: &Config{Mode: tt.mode, Output: tt.output, DepFlags: tt.flags}}
		if got := c.depArgs(parseDepFlags(tt.flags)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("mode %d -o %q %q: depArgs = %q, want %q", tt.mode, tt.output, tt.flags, got, tt.want)
		}
	}
}

func TestParseMakeRules(t *testing.T) {
	in := "a\\ b x:y $$(o)\\ c\\#d: x.c \\\n inc\\ dir/h.h \\\n /usr/include/stdio.h\nx.h:\n"
	got := parseMakeRules(in)
	want := []makeRule{
		{targets: []string{"a\\ b", "x:y", "$$(o)\\ c\\#d"}, prereqs: []string{"x.c", "inc\\ dir/h.h", "/usr/include/stdio.h"}},
		{targets: []string{"x.h"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseMakeRules =\n%q\nwant\n%q", got, want)
	}
	for tok, want := range map[string]string{
		"inc\\ dir/h.h": "inc dir/h.h", "$$(o)": "$(o)", "c\\#d": "c#d", "a\\\\\\ b": "a\\ b", "a\\b": "a\\b",
	} {
		if got := unmunge(tok); got != want {
			t.Errorf("unmunge(%q) = %q, want %q", tok, got, want)
		}
	}
}

// TestDropOwnHeadersLayout checks the rules written again without accc's
// headers against gcc: the dependencies of a source that includes an
// openacc.h from accc's directory, less that header, must be exactly what
// gcc writes for the same source including what that openacc.h includes.
func TestDropOwnHeadersLayout(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no cc")
	}
	root := t.TempDir()
	own := filepath.Join(root, "cache", "include")
	os.MkdirAll(own, 0o755)
	os.WriteFile(filepath.Join(own, "openacc.h"), []byte("#include <stddef.h>\n#include \"accrt_more.h\"\n"), 0o644)
	os.WriteFile(filepath.Join(own, "accrt_more.h"), []byte("\n"), 0o644)
	with, without := filepath.Join(root, "with"), filepath.Join(root, "without")
	for dir, first := range map[string]string{with: "#include <openacc.h>\n", without: "#include <stddef.h>\n"} {
		os.MkdirAll(filepath.Join(dir, "a long directory name to make lines wrap"), 0o755)
		os.WriteFile(filepath.Join(dir, "a long directory name to make lines wrap", "h.h"), []byte("\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "x.c"), []byte(first+"#include <stdio.h>\n#include \"a long directory name to make lines wrap/h.h\"\n#include <stdlib.h>\n"), 0o644)
	}
	for _, flags := range [][]string{{"-M"}, {"-M", "-MP"}, {"-MM", "-MP"}, {"-M", "-MT", "a target long enough to wrap the line of targets", "-MQ", "$(x)"}} {
		deps := func(dir string) string {
			cmd := exec.Command(cc, append(append([]string{}, flags...), "-I", own, "x.c")...)
			cmd.Dir = dir
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s %q: %v", cc, flags, err)
			}
			return string(out)
		}
		c := &compilation{hdrDir: own}
		got := c.dropOwnHeaders(deps(with), parseDepFlags(flags).phony)
		want := deps(without)
		if got != want {
			t.Errorf("%q: rules without accc's headers\n%s\ngcc's\n%s", flags, got, want)
		}
		if strings.Contains(got, own) {
			t.Errorf("%q: %s is still named:\n%s", flags, own, got)
		}
	}
	// Output without accc's headers is returned as it is.
	c := &compilation{hdrDir: own}
	if in := "x.o: x.c  odd.h\n"; c.dropOwnHeaders(in, false) != in {
		t.Errorf("dropOwnHeaders changed output without accc headers")
	}
}
