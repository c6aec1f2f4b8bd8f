package diag

import (
	"encoding/json"
	"strings"
	"testing"
)

var sample = []Diagnostic{
	{Severity: Error, Code: "driver-no-input", Msg: "no input files"},
	{
		Pos: Pos{File: "laplace.c", Line: 48, Col: 52}, Severity: Error, Code: "reduction-unknown-op",
		Func: "main", Msg: "unknown reduction operator 'maxx'",
		Related: []Related{{Pos: Pos{File: "laplace.c", Line: 39, Col: 9}, Msg: "data region opened here"}},
	},
	{Pos: Pos{File: "laplace.c", Line: 50, Col: 5}, Severity: Warning, Code: "loop-independent-dep", Func: "main",
		Msg: "loop marked independent has a dependence on <b>"},
	{Pos: Pos{File: "/abs/dir with space/k.c", Line: 7}, Severity: Remark, Code: "loop-parallel", Func: "k", Msg: "Loop is parallelizable"},
	{Pos: Pos{File: "only-file.c"}, Severity: Warning, Msg: "file-level warning"},
}

func TestWriteText(t *testing.T) {
	var b strings.Builder
	if err := WriteText(&b, sample); err != nil {
		t.Fatal(err)
	}
	want := `accc: error: no input files
laplace.c:48:52: error: unknown reduction operator 'maxx'
laplace.c:39:9: note: data region opened here
laplace.c:50:5: warning: loop marked independent has a dependence on <b>
/abs/dir with space/k.c:7: remark: Loop is parallelizable
only-file.c: warning: file-level warning
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestWriteJSON(t *testing.T) {
	var b strings.Builder
	if err := WriteJSON(&b, sample); err != nil {
		t.Fatal(err)
	}
	want := `{"severity":"error","code":"driver-no-input","source":"accc","message":"no input files"}
{"file":"laplace.c","range":{"start":{"line":47,"character":51},"end":{"line":47,"character":51}},"severity":"error","code":"reduction-unknown-op","source":"accc","message":"unknown reduction operator 'maxx'","function":"main","related":[{"file":"laplace.c","range":{"start":{"line":38,"character":8},"end":{"line":38,"character":8}},"message":"data region opened here"}]}
{"file":"laplace.c","range":{"start":{"line":49,"character":4},"end":{"line":49,"character":4}},"severity":"warning","code":"loop-independent-dep","source":"accc","message":"loop marked independent has a dependence on <b>","function":"main"}
{"file":"/abs/dir with space/k.c","range":{"start":{"line":6,"character":0},"end":{"line":6,"character":0}},"severity":"remark","code":"loop-parallel","source":"accc","message":"Loop is parallelizable","function":"k"}
{"file":"only-file.c","severity":"warning","source":"accc","message":"file-level warning"}
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("line %s: %v", line, err)
		}
	}
}

func TestWriteSARIF(t *testing.T) {
	var b strings.Builder
	if err := WriteSARIF(&b, sample, "0.1.0"); err != nil {
		t.Fatal(err)
	}
	want := `{
  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
  "version": "2.1.0",
  "runs": [
    {
      "tool": {
        "driver": {
          "name": "accc",
          "version": "0.1.0",
          "informationUri": "https://github.com/accc-compiler/accc",
          "rules": [
            {
              "id": "driver-no-input"
            },
            {
              "id": "loop-independent-dep"
            },
            {
              "id": "loop-parallel",
              "shortDescription": {
                "text": "dependence analysis proved the loop's iterations independent"
              }
            },
            {
              "id": "reduction-unknown-op"
            }
          ]
        }
      },
      "results": [
        {
          "ruleId": "driver-no-input",
          "ruleIndex": 0,
          "level": "error",
          "message": {
            "text": "no input files"
          }
        },
        {
          "ruleId": "reduction-unknown-op",
          "ruleIndex": 3,
          "level": "error",
          "message": {
            "text": "unknown reduction operator 'maxx'"
          },
          "locations": [
            {
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "laplace.c"
                },
                "region": {
                  "startLine": 48,
                  "startColumn": 52
                }
              }
            }
          ],
          "relatedLocations": [
            {
              "id": 0,
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "laplace.c"
                },
                "region": {
                  "startLine": 39,
                  "startColumn": 9
                }
              },
              "message": {
                "text": "data region opened here"
              }
            }
          ]
        },
        {
          "ruleId": "loop-independent-dep",
          "ruleIndex": 1,
          "level": "warning",
          "message": {
            "text": "loop marked independent has a dependence on <b>"
          },
          "locations": [
            {
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "laplace.c"
                },
                "region": {
                  "startLine": 50,
                  "startColumn": 5
                }
              }
            }
          ]
        },
        {
          "ruleId": "loop-parallel",
          "ruleIndex": 2,
          "level": "note",
          "message": {
            "text": "Loop is parallelizable"
          },
          "locations": [
            {
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "file:///abs/dir%20with%20space/k.c"
                },
                "region": {
                  "startLine": 7
                }
              }
            }
          ]
        },
        {
          "level": "warning",
          "message": {
            "text": "file-level warning"
          },
          "locations": [
            {
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "only-file.c"
                }
              }
            }
          ]
        }
      ]
    }
  ]
}
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// An empty log is still a valid log with one run and no results.
	b.Reset()
	WriteSARIF(&b, nil, "")
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []any
				}
			}
			Results []any
		}
	}
	if err := json.Unmarshal([]byte(b.String()), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "accc" ||
		log.Runs[0].Results == nil || log.Runs[0].Tool.Driver.Rules == nil {
		t.Errorf("empty log: %s", b.String())
	}
}

// selectorRemarks are one remark of each kind that selection tells apart,
// named by code ("!" marks a negative one).
var selectorRemarks = []Diagnostic{
	{Code: CodeKernel}, {Code: CodeLoopParallel}, {Code: CodeLoopSchedule}, {Code: CodeLoopReduction},
	{Code: CodeLoopHost}, {Code: CodeLoopDependence, Neg: true}, {Code: CodeLoopSequential, Neg: true},
	{Code: "data-copyin"}, {Code: "data-implicit-copy"}, {Code: "inline-call"}, {Code: "vect-simd"},
	{Code: "vect-nosimd", Neg: true},
}

func TestMinfoSelector(t *testing.T) {
	all := "accel-kernel loop-parallel loop-schedule loop-reduction loop-host !loop-dependence !loop-sequential " +
		"data-copyin data-implicit-copy inline-call vect-simd !vect-nosimd"
	accel := "accel-kernel loop-parallel loop-schedule loop-reduction loop-host !loop-dependence !loop-sequential " +
		"data-copyin data-implicit-copy"
	loop := "loop-parallel loop-schedule loop-reduction loop-host !loop-dependence !loop-sequential"
	par := "loop-parallel loop-schedule loop-reduction"
	for _, tc := range []struct {
		values []string // -Minfo values, then -Mneginfo's as "neginfo=F"
		want   string
	}{
		{nil, all},
		{[]string{"all"}, all},
		{[]string{"accel"}, accel},
		{[]string{"acc"}, accel},
		{[]string{"accel", "neginfo=all"}, accel + " !vect-nosimd"},
		{[]string{"loop"}, loop},
		{[]string{"opt"}, loop},
		{[]string{"par"}, par},
		{[]string{"par", "neginfo"}, par + " !loop-dependence !loop-sequential !vect-nosimd"},
		{[]string{"par", "neginfo=par"}, par + " !loop-dependence !loop-sequential"},
		{[]string{"par", "neginfo=concur"}, par + " !loop-dependence !loop-sequential"},
		{[]string{"neginfo"}, "!loop-dependence !loop-sequential !vect-nosimd"},
		{[]string{"neginfo=all"}, "!loop-dependence !loop-sequential !vect-nosimd"},
		{[]string{"neginfo=accel"}, "!loop-dependence !loop-sequential"},
		{[]string{"neginfo=loop,vect"}, "!loop-dependence !loop-sequential !vect-nosimd"},
		{[]string{"neginfo=loop", "neginfo=vect"}, "!loop-dependence !loop-sequential !vect-nosimd"},
		{[]string{"neginfo=inline"}, ""},
		{[]string{"data"}, "data-copyin data-implicit-copy"},
		{[]string{"data", "neginfo"}, "!loop-dependence !loop-sequential data-copyin data-implicit-copy !vect-nosimd"},
		{[]string{"data,inline"}, "data-copyin data-implicit-copy inline-call"},
		{[]string{"par", "data"}, "loop-parallel loop-schedule loop-reduction data-copyin data-implicit-copy"},
		{[]string{"loop", "all"}, all},
		{[]string{"vect"}, "vect-simd !vect-nosimd"},
		{[]string{"ccff", "time"}, ""},
	} {
		sel := MinfoSelector(tc.values)
		var got []string
		for _, d := range selectorRemarks {
			if sel(d) {
				name := string(d.Code)
				if d.Neg {
					name = "!" + name
				}
				got = append(got, name)
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("MinfoSelector(%q) selects\n\t%s\nwant\n\t%s", tc.values, g, tc.want)
		}
	}
}

func TestRemarks(t *testing.T) {
	ds := []Diagnostic{
		{Severity: Remark, Code: "loop-parallel", Msg: "a"},
		{Severity: Warning, Code: "loop-parallel", Msg: "b"},
		{Severity: Remark, Code: "inline-call", Msg: "c"},
		{Severity: Remark, Code: "loop-dependence", Neg: true, Msg: "d"},
	}
	got := Remarks(ds, MinfoSelector([]string{"accel"}))
	if len(got) != 2 || got[0].Msg != "a" || got[1].Msg != "d" {
		t.Errorf("Remarks(accel) = %v", got)
	}
	got = Remarks(ds, MinfoSelector([]string{"par"}))
	if len(got) != 1 || got[0].Msg != "a" {
		t.Errorf("Remarks(par) = %v", got)
	}
}

// TestRemarkKinds checks the taxonomy: codes sorted and unique, each in a
// family -Minfo knows, negative ones about parallelisation, and DataCode
// spelling the clauses as the lowering names them.
func TestRemarkKinds(t *testing.T) {
	ks := RemarkKinds()
	for i, k := range ks {
		if i > 0 && ks[i-1].Code >= k.Code {
			t.Errorf("codes out of order or repeated: %q, %q", ks[i-1].Code, k.Code)
		}
		switch Family(k.Code) {
		case FamilyAccel, FamilyLoop, FamilyData:
		default:
			t.Errorf("%q: family %q is none of accel, loop, data", k.Code, Family(k.Code))
		}
		if k.Doc == "" {
			t.Errorf("%q: no description", k.Code)
		}
		if k.Neg && !k.Par {
			t.Errorf("%q: a negative remark outside par: -Mneginfo=par would miss it", k.Code)
		}
		if got, ok := LookupRemark(k.Code); !ok || got != k {
			t.Errorf("LookupRemark(%q) = %v, %v", k.Code, got, ok)
		}
	}
	if _, ok := LookupRemark("accel"); ok {
		t.Error(`LookupRemark("accel") found a code that has no kind`)
	}
	for _, tc := range []struct {
		clause   string
		implicit bool
		want     Code
		ok       bool
	}{
		{"copyin", false, "data-copyin", true},
		{"copy", true, "data-implicit-copy", true},
		{"no_create", false, "data-no-create", true},
		{"no_create", true, "data-implicit-no-create", true},
		{"present", true, "data-implicit-present", true},
		{"delete", false, "data-delete", true},
		{"delete", true, "", false},
		{"reduction", false, "", false},
	} {
		if got, ok := DataCode(tc.clause, tc.implicit); got != tc.want || ok != tc.ok {
			t.Errorf("DataCode(%q, %v) = %q, %v; want %q, %v", tc.clause, tc.implicit, got, ok, tc.want, tc.ok)
		}
	}
	for msg, want := range map[string]Code{
		"Generating copyin(b[:n]) [if not already present]":               "data-copyin",
		"Generating implicit copy(a[:]) [if not already present]":         "data-implicit-copy",
		"Generating implicit no_create(p[:n])":                            "data-implicit-no-create",
		"Generating present(x[:n],y[:n])":                                 "data-present",
		"Generating delete(a[:n])":                                        "data-delete",
		"Generating reduction(max:err)":                                   "",
		"Generating NVIDIA GPU code":                                      "",
		"Loop carried dependence of a prevents parallelization":           "",
		"Generating implicit firstprivate(n)":                             "",
		"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */": "",
	} {
		got, ok := DataCodeOf(msg)
		if ok != (want != "") || ok && got != want {
			t.Errorf("DataCodeOf(%q) = %q, %v; want %q", msg, got, ok, want)
		}
	}
}

// TestNegativeRemarkJSONSARIF checks that JSON and SARIF carry a remark's
// code and its negativity, and that SARIF describes the rules of remark
// codes.
func TestNegativeRemarkJSONSARIF(t *testing.T) {
	ds := []Diagnostic{
		{Pos: Pos{File: "k.c", Line: 9}, Severity: Remark, Code: CodeLoopDependence, Neg: true, Func: "k",
			Msg: "Loop carried dependence of a prevents parallelization"},
		{Pos: Pos{File: "k.c", Line: 12}, Severity: Remark, Code: "data-implicit-copyin", Func: "k",
			Msg: "Generating implicit copyin(b[:n]) [if not already present]"},
	}
	var b strings.Builder
	if err := WriteJSON(&b, ds); err != nil {
		t.Fatal(err)
	}
	want := `{"file":"k.c","range":{"start":{"line":8,"character":0},"end":{"line":8,"character":0}},"severity":"remark","code":"loop-dependence","source":"accc","message":"Loop carried dependence of a prevents parallelization","function":"k","negative":true}
{"file":"k.c","range":{"start":{"line":11,"character":0},"end":{"line":11,"character":0}},"severity":"remark","code":"data-implicit-copyin","source":"accc","message":"Generating implicit copyin(b[:n]) [if not already present]","function":"k"}
`
	if got := b.String(); got != want {
		t.Errorf("JSON:\n%s\nwant:\n%s", got, want)
	}
	b.Reset()
	if err := WriteSARIF(&b, ds, "0.1.0"); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string
						ShortDescription struct{ Text string }
					}
				}
			}
			Results []struct {
				RuleID     string
				Properties map[string]any
			}
		}
	}
	if err := json.Unmarshal([]byte(b.String()), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != 2 || run.Tool.Driver.Rules[0].ID != "data-implicit-copyin" ||
		run.Tool.Driver.Rules[1].ID != "loop-dependence" {
		t.Fatalf("rules: %+v", run.Tool.Driver.Rules)
	}
	for _, r := range run.Tool.Driver.Rules {
		if k, _ := LookupRemark(Code(r.ID)); r.ShortDescription.Text != k.Doc || k.Doc == "" {
			t.Errorf("rule %s: shortDescription %q, want %q", r.ID, r.ShortDescription.Text, k.Doc)
		}
	}
	if r := run.Results[0]; r.RuleID != "loop-dependence" || r.Properties["negative"] != true {
		t.Errorf("negative result: %+v", r)
	}
	if r := run.Results[1]; r.RuleID != "data-implicit-copyin" || r.Properties != nil {
		t.Errorf("positive result: %+v", r)
	}
}

func TestLimit(t *testing.T) {
	e := func(m string) Diagnostic { return Diagnostic{Severity: Error, Msg: m} }
	w := func(m string) Diagnostic { return Diagnostic{Severity: Warning, Msg: m} }
	ds := []Diagnostic{w("w1"), e("e1"), w("w2"), e("e2"), w("w3"), e("e3"), w("w4")}
	msgs := func(ds []Diagnostic) string {
		var s []string
		for _, d := range ds {
			s = append(s, d.Msg)
		}
		return strings.Join(s, " ")
	}
	for _, tc := range []struct {
		n     int
		want  string
		trunc bool
	}{
		{0, "w1 e1 w2 e2 w3 e3 w4", false},
		{-1, "w1 e1 w2 e2 w3 e3 w4", false},
		{1, "w1 e1 w2", true},
		{2, "w1 e1 w2 e2 w3", true},
		{3, "w1 e1 w2 e2 w3 e3 w4", false},
		{10, "w1 e1 w2 e2 w3 e3 w4", false},
	} {
		got, trunc := Limit(ds, tc.n)
		if msgs(got) != tc.want || trunc != tc.trunc {
			t.Errorf("Limit(ds, %d) = %q, %v; want %q, %v", tc.n, msgs(got), trunc, tc.want, tc.trunc)
		}
	}
	// Appending to the result must not clobber ds.
	got, _ := Limit(ds, 1)
	_ = append(got, e("x"))
	if ds[3].Msg != "e2" {
		t.Error("Limit's result aliases the rest of ds")
	}
}

func TestFamily(t *testing.T) {
	for c, want := range map[Code]string{"accel-kernel": "accel", "data-implicit-copyin": "data", "loop": "loop", "": ""} {
		if got := Family(c); got != want {
			t.Errorf("Family(%q) = %q, want %q", c, got, want)
		}
	}
}
