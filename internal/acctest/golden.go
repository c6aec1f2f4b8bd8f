package acctest

import (
	"bytes"
	"flag"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// Update is the -update flag of every test binary that imports acctest:
// Golden rewrites the want/ sections it checks instead of failing. Review
// the diff afterwards. A test package must not define its own -update.
var Update = flag.Bool("update", false, "rewrite the want/ sections of golden txtar archives with the actual output")

// WantPrefix starts the name of every expected-output section of a golden
// archive.
const WantPrefix = "want/"

// Golden runs a golden test on the txtar archive at archivePath.
//
// run gets a copy of the archive (its comment describes the test; its
// sections are the inputs and the want/ sections) and returns the outputs
// it produced by name. Every section "want/NAME" present in the archive is
// compared with output NAME; outputs with no section are not checked, so
// each archive chooses what it locks in. To add a check, add an empty
// section and run with -update. A want/ section whose output run did not
// produce is an error.
//
// Outputs are compared as txtar stores them: a non-empty output gets a
// final newline if it lacks one. With -update, differing sections are
// rewritten in place and the archive file is written back; nothing else
// in it changes.
func Golden(t testing.TB, archivePath string, run func(ar *txtar.Archive) map[string]string) {
	t.Helper()
	ar, err := txtar.ParseFile(archivePath)
	if err != nil {
		t.Fatal(err)
	}
	outs := run(cloneArchive(ar))

	changed := false
	for i := range ar.Files {
		f := &ar.Files[i]
		name, ok := strings.CutPrefix(f.Name, WantPrefix)
		if !ok {
			continue
		}
		got, ok := outs[name]
		if !ok {
			t.Errorf("%s: section %s: the test produced no output %q (it produced %q)",
				archivePath, f.Name, name, slices.Sorted(maps.Keys(outs)))
			continue
		}
		got = string(fixNL([]byte(got)))
		want := string(f.Data)
		if got == want {
			continue
		}
		if !*Update {
			t.Errorf("%s: %s differs (-want +got):\n%s", archivePath, f.Name, Diff(f.Name, want, "got", got))
			continue
		}
		if l := markerLine(got); l != "" {
			t.Errorf("%s: cannot update %s: the output has a line %q that reads as a txtar section marker", archivePath, f.Name, l)
			continue
		}
		f.Data = []byte(got)
		changed = true
	}
	if changed {
		if err := os.WriteFile(archivePath, txtar.Format(ar), 0o666); err != nil {
			t.Fatal(err)
		}
		t.Logf("updated %s", archivePath)
	}
}

func cloneArchive(ar *txtar.Archive) *txtar.Archive {
	c := &txtar.Archive{Comment: bytes.Clone(ar.Comment), Files: make([]txtar.File, len(ar.Files))}
	for i, f := range ar.Files {
		c.Files[i] = txtar.File{Name: f.Name, Data: bytes.Clone(f.Data)}
	}
	return c
}

func fixNL(b []byte) []byte {
	if len(b) == 0 || b[len(b)-1] == '\n' {
		return b
	}
	return append(b, '\n')
}

// markerLine returns the first line of s that txtar would take for a
// section marker ("-- name --"), or "".
func markerLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "-- ") && strings.HasSuffix(l, " --") && len(l) > 6 {
			return l
		}
	}
	return ""
}

// ArchiveFS returns the input sections of ar, all but the want/ ones, as a
// read-only file system (for cc.Config.FS: headers can be sections too).
// It fails if a section name is not a valid fs.FS path.
func ArchiveFS(ar *txtar.Archive) (fs.FS, error) {
	in := &txtar.Archive{}
	for _, f := range ar.Files {
		if !strings.HasPrefix(f.Name, WantPrefix) {
			in.Files = append(in.Files, f)
		}
	}
	return txtar.FS(in)
}

// Section returns the content of the section called name, and whether
// there is one.
func Section(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Flags returns the words of the archive's "flags" section (command-line
// flags for the scenario, split at white space), or nil if it has none.
func Flags(ar *txtar.Archive) []string {
	data, _ := Section(ar, "flags")
	return strings.Fields(string(data))
}

// Inputs returns the input sections of ar, the want/ ones excepted, by
// name. It is what CheckWants takes when the archive's C files carry
// // want annotations.
func Inputs(ar *txtar.Archive) map[string][]byte {
	m := map[string][]byte{}
	for _, f := range ar.Files {
		if !strings.HasPrefix(f.Name, WantPrefix) {
			m[f.Name] = f.Data
		}
	}
	return m
}
