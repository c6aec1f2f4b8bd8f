package progen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestDeterministic(t *testing.T) {
	for seed := int64(1); seed <= 50; seed++ {
		a, b := Generate(seed, Options{}).Render(), Generate(seed, Options{}).Render()
		if a != b {
			t.Fatalf("seed %d: two renderings differ", seed)
		}
	}
}

// Leaving a segment out or dropping a clause changes nothing else: the
// reducer relies on it.
func TestSegmentsIndependent(t *testing.T) {
	for seed := int64(1); seed <= 30; seed++ {
		p := Generate(seed, Options{})
		full := p.Render().Main
		q := p.Clone()
		q.Skip[0] = true
		for k := 1; k < p.Segments(); k++ {
			if f := segmentText(full, k); f != segmentText(q.Render().Main, k) {
				t.Fatalf("seed %d: segment %d changed when segment 0 was left out", seed, k)
			}
		}
		names := p.OptionalClauses(0)
		if len(names) == 0 {
			continue
		}
		r := p.Clone()
		r.Drop[names[0]] = true
		if r.Render().Main == full && !strings.Contains(full, "seg0();") {
			t.Fatalf("seed %d: dropping %s changed nothing", seed, names[0])
		}
		for k := 1; k < p.Segments(); k++ {
			if segmentText(full, k) != segmentText(r.Render().Main, k) {
				t.Fatalf("seed %d: segment %d changed when a clause of segment 0 was dropped", seed, k)
			}
		}
	}
}

func segmentText(src string, k int) string {
	head := "static void seg" + strconv.Itoa(k) + "(void)\n"
	i := strings.Index(src, head)
	if i < 0 {
		return ""
	}
	j := strings.Index(src[i:], "\n}\n")
	return src[i : i+j]
}

func TestEveryKindAppears(t *testing.T) {
	seen := map[string]bool{}
	for seed := int64(1); seed <= 40; seed++ {
		for _, d := range strings.Fields(Generate(seed, Options{}).Describe()) {
			seen[d[strings.IndexByte(d, ':')+1:]] = true
		}
	}
	for _, k := range Kinds() {
		if !seen[k] {
			t.Errorf("kind %s never drawn in 40 programs", k)
		}
	}
}

// The programs are well defined as C: the plain compiler with the
// undefined-behaviour and address sanitizers runs each kind's programs
// cleanly (the directives ignored).
func TestWellDefined(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs programs")
	}
	cc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	probe := exec.Command(cc, "-fsanitize=undefined,address", "-x", "c", "-o", filepath.Join(dir, "probe"), "-")
	probe.Stdin = strings.NewReader("int main(void) { return 0; }\n")
	sanitize := probe.Run() == nil
	for _, kind := range Kinds() {
		for seed := int64(1); seed <= 2; seed++ {
			files := Generate(seed, Options{Kinds: []string{kind}, Segments: 3}).Render()
			os.WriteFile(filepath.Join(dir, MainName), []byte(files.Main), 0o644)
			os.WriteFile(filepath.Join(dir, HeaderName), []byte(files.Header), 0o644)
			args := []string{"-std=c99", "-O1", "-Wall", "-Werror", "-Wno-unknown-pragmas", "-Wno-unused-variable",
				"-Wno-unused-but-set-variable", "-o", "prog", MainName, "-lm"}
			if sanitize {
				args = append([]string{"-fsanitize=undefined,address", "-fno-sanitize-recover=all"}, args...)
			}
			build := exec.Command(cc, args...)
			build.Dir = dir
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("%s seed %d: %v\n%s\n%s", kind, seed, err, out, files.Main)
			}
			run := exec.Command(filepath.Join(dir, "prog"))
			if out, err := run.CombinedOutput(); err != nil {
				t.Fatalf("%s seed %d: %v\n%s", kind, seed, err, out)
			}
		}
	}
}

// Programs packed in one file share no name: every file-scope name and
// macro carries its program's prefix.
func TestPackNamesDistinct(t *testing.T) {
	var ps []*Program
	for k := 0; k < 80; k++ {
		ps = append(ps, Generate(int64(100+k), Options{Prefix: "p" + strconv.Itoa(k) + "_"}))
	}
	f := Pack(ps)
	seen := map[string]bool{}
	for _, l := range strings.Split(f.Main+f.Header, "\n") {
		fs := strings.Fields(l)
		if len(fs) < 2 || fs[0] != "#define" || fs[1] == "N" || fs[1] == "M" {
			continue
		}
		if seen[fs[1]] {
			t.Errorf("%s defined twice", fs[1])
		}
		seen[fs[1]] = true
	}
	for _, l := range strings.Split(f.Main, "\n") {
		if strings.HasPrefix(l, "static ") && strings.Contains(l, "(void)") {
			name := strings.Fields(strings.TrimSuffix(l, "(void)"))[2]
			if seen[name] {
				t.Errorf("function %s defined twice", name)
			}
			seen[name] = true
		}
	}
}
