package lower

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// checkPipeline rejects a table whose passes run before what they
// require, provide a fact twice, or lack a doc or a run function; the
// compute pipeline passes it (or the package would not initialise).
func TestCheckPipeline(t *testing.T) {
	run := func(*region) {}
	a := pass{name: "a", doc: "a", provides: ir.FactVars, run: run}
	b := pass{name: "b", doc: "b", requires: ir.FactVars, provides: ir.FactNests, run: run}
	for _, tc := range []struct {
		name   string
		passes []pass
		want   string
	}{
		{"in order", []pass{a, b}, ""},
		{"requirement after", []pass{b, a}, "pass b requires vars, which no earlier pass provides"},
		{"two providers", []pass{a, b, {name: "c", doc: "c", provides: ir.FactNests | ir.FactLevels, run: run}}, "passes b and c both provide nests"},
		{"no doc", []pass{a, {name: "d", run: run}}, `pass "d" needs a name, a doc and a run function`},
		{"same name", []pass{a, {name: "a", doc: "x", run: run}}, "two passes are named a"},
	} {
		err := checkPipeline(tc.passes)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: checkPipeline = %v, want %q", tc.name, err, tc.want)
		}
	}
	if err := checkPipeline(computePasses); err != nil {
		t.Error(err)
	}
}

// Each pass lives in its own file, named after it: pass_<name>.go in
// lower, or in opt for the passes that see only the IR.
func TestPassFiles(t *testing.T) {
	for _, p := range computePasses {
		_, err := os.Stat("pass_" + p.name + ".go")
		if err != nil {
			_, err = os.Stat("../opt/pass_" + p.name + ".go")
		}
		if err != nil {
			t.Errorf("pass %s: no pass_%[1]s.go in lower or opt", p.name)
		}
	}
}
