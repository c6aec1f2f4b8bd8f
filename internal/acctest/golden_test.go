package acctest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

func TestDiff(t *testing.T) {
	for _, tc := range []struct {
		name, a, b, want string
	}{
		{"equal", "x\ny\n", "x\ny\n", ""},
		{
			"change in the middle",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n",
			"1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			`--- want
+++ got
@@ -2,7 +2,7 @@
 2
 3
 4
-5
+five
 6
 7
 8
`,
		},
		{
			"two hunks",
			"a\n1\n2\n3\n4\n5\n6\n7\n8\nb\n",
			"A\n1\n2\n3\n4\n5\n6\n7\n8\nB\n",
			`--- want
+++ got
@@ -1,4 +1,4 @@
-a
+A
 1
 2
 3
@@ -7,4 +7,4 @@
 6
 7
 8
-b
+B
`,
		},
		{
			"close changes share a hunk",
			"a\n1\n2\n3\n4\nb\n",
			"A\n1\n2\n3\n4\nB\n",
			`--- want
+++ got
@@ -1,6 +1,6 @@
-a
+A
 1
 2
 3
 4
-b
+B
`,
		},
		{"insert into empty", "", "x\n", "--- want\n+++ got\n@@ -0,0 +1 @@\n+x\n"},
		{"delete all", "x\ny\n", "", "--- want\n+++ got\n@@ -1,2 +0,0 @@\n-x\n-y\n"},
		{
			"missing final newline",
			"x\ny\n", "x\ny",
			"--- want\n+++ got\n@@ -1,2 +1,2 @@\n x\n-y\n+y\n\\ No newline at end of file\n",
		},
		{
			"insertions and deletions interleaved",
			"keep\nold1\nsame\nold2\n",
			"keep\nsame\nnew2\nnew3\n",
			"--- want\n+++ got\n@@ -1,4 +1,4 @@\n keep\n-old1\n same\n-old2\n+new2\n+new3\n",
		},
	} {
		if got := Diff("want", tc.a, "got", tc.b); got != tc.want {
			t.Errorf("%s: got:\n%s\nwant:\n%s", tc.name, got, tc.want)
		}
	}
}

func TestDiffLarge(t *testing.T) {
	// Past the table limit, the middle is one replacement; still correct.
	var a, b strings.Builder
	for i := 0; i < 3000; i++ {
		a.WriteString("a\n")
		b.WriteString("b\n")
	}
	d := Diff("x", "head\n"+a.String(), "y", "head\n"+b.String())
	if !strings.HasPrefix(d, "--- x\n+++ y\n@@ -1,3001 +1,3001 @@\n head\n-a\n") || strings.Count(d, "\n+b") != 3000 {
		t.Errorf("large diff starts %q", d[:60])
	}
}

const goldenArchive = `Test of Golden: two checked outputs, one unchecked.

-- flags --
-Minfo=accel -O2
-- in.c --
int x;
-- inc/h.h --
#define N 1
-- want/upper --
INT X;
-- want/count --
stale
`

func writeArchive(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.txtar")
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

func goldenRun(ar *txtar.Archive) map[string]string {
	in, _ := Section(ar, "in.c")
	return map[string]string{
		"upper":     strings.ToUpper(string(in)),
		"count":     "1", // no final newline: Golden adds it
		"unchecked": "anything",
	}
}

func TestGolden(t *testing.T) {
	path := writeArchive(t, goldenArchive)
	f := capture(t, func(tb testing.TB) { Golden(tb, path, goldenRun) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "want/count differs (-want +got):\n--- want/count\n+++ got\n@@ -1 +1 @@\n-stale\n+1\n") {
		t.Errorf("errors: %q", f.errs)
	}

	// -update rewrites the differing section only.
	*Update = true
	defer func() { *Update = false }()
	f = capture(t, func(tb testing.TB) { Golden(tb, path, goldenRun) })
	if len(f.errs) != 0 {
		t.Errorf("with -update: %q", f.errs)
	}
	b, _ := os.ReadFile(path)
	if want := strings.Replace(goldenArchive, "stale\n", "1\n", 1); string(b) != want {
		t.Errorf("updated archive:\n%s\nwant:\n%s", b, want)
	}
	*Update = false
	f = capture(t, func(tb testing.TB) { Golden(tb, path, goldenRun) })
	if len(f.errs) != 0 {
		t.Errorf("after -update: %q", f.errs)
	}
}

func TestGoldenErrors(t *testing.T) {
	path := writeArchive(t, "-- want/nothing --\nx\n")
	f := capture(t, func(tb testing.TB) { Golden(tb, path, func(*txtar.Archive) map[string]string { return nil }) })
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], `produced no output "nothing"`) {
		t.Errorf("errors: %q", f.errs)
	}

	// The callback cannot change the archive that -update writes.
	*Update = true
	defer func() { *Update = false }()
	path = writeArchive(t, "-- a --\nA\n-- want/x --\n")
	f = capture(t, func(tb testing.TB) {
		Golden(tb, path, func(ar *txtar.Archive) map[string]string {
			ar.Files[0].Data = []byte("clobbered\n")
			return map[string]string{"x": "-- fake --\n"}
		})
	})
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "txtar section marker") {
		t.Errorf("errors: %q", f.errs)
	}
	if b, _ := os.ReadFile(path); string(b) != "-- a --\nA\n-- want/x --\n" {
		t.Errorf("archive changed:\n%s", b)
	}

	f = capture(t, func(tb testing.TB) { Golden(tb, filepath.Join(t.TempDir(), "missing.txtar"), goldenRun) })
	if !f.fatal {
		t.Errorf("missing archive: %q", f.errs)
	}
}

func TestArchiveFS(t *testing.T) {
	ar := txtar.Parse([]byte(goldenArchive))
	fsys, err := ArchiveFS(ar)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if !d.IsDir() {
			names = append(names, path)
		}
		return nil
	})
	if got := strings.Join(names, " "); got != "flags in.c inc/h.h" {
		t.Errorf("files: %s", got)
	}
	if b, err := fs.ReadFile(fsys, "inc/h.h"); err != nil || string(b) != "#define N 1\n" {
		t.Errorf("inc/h.h: %q, %v", b, err)
	}
	if got := strings.Join(Flags(ar), " "); got != "-Minfo=accel -O2" {
		t.Errorf("Flags = %q", got)
	}
	if in := Inputs(ar); len(in) != 3 || string(in["in.c"]) != "int x;\n" {
		t.Errorf("Inputs = %q", in)
	}
	if _, ok := Section(ar, "nope"); ok {
		t.Error("Section found a missing section")
	}
}
