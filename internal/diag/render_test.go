package diag

import (
	"encoding/json"
	"reflect"
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
              "id": "loop-parallel"
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

func TestMinfoSelector(t *testing.T) {
	codes := []Code{"accel-kernel", "loop-parallel", "data-copyin", "inline-call", "vect-simd", "accel"}
	for _, tc := range []struct {
		families []string
		want     []Code
	}{
		{nil, codes},
		{[]string{"all"}, codes},
		{[]string{"accel"}, []Code{"accel-kernel", "loop-parallel", "data-copyin", "accel"}},
		{[]string{"loop"}, []Code{"loop-parallel"}},
		{[]string{"data,inline"}, []Code{"data-copyin", "inline-call"}},
		{[]string{"loop", "all"}, codes},
		{[]string{"vect"}, []Code{"vect-simd"}},
	} {
		sel := MinfoSelector(tc.families)
		var got []Code
		for _, c := range codes {
			if sel(c) {
				got = append(got, c)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("MinfoSelector(%q) selects %q, want %q", tc.families, got, tc.want)
		}
	}
}

func TestRemarks(t *testing.T) {
	ds := []Diagnostic{
		{Severity: Remark, Code: "loop-parallel", Msg: "a"},
		{Severity: Warning, Code: "loop-parallel", Msg: "b"},
		{Severity: Remark, Code: "inline-call", Msg: "c"},
	}
	got := Remarks(ds, MinfoSelector([]string{"accel"}))
	if len(got) != 1 || got[0].Msg != "a" {
		t.Errorf("Remarks = %v", got)
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
