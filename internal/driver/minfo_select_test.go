package driver_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// minfoSelect has a remark of every code of the taxonomy that a kernels
// and a parallel construct give: kernels, parallel and sequential loops
// with their schedules, reductions, dependences (negative), a loop without
// a trip count (negative), a host loop, explicit and implicit data.
const minfoSelect = `#include <stdio.h>
#define N 1000
float a[N], b[N], c[N];

void steps(int n, int nsteps, float *restrict u, float *restrict w) {
    int t;
#pragma acc kernels copy(u[0:n]) create(w[0:n])
    for (t = 0; t < nsteps; t++) {
        for (int i = 1; i < n - 1; i++)
            w[i] = u[i - 1] + u[i + 1];
        for (int i = 1; i < n - 1; i++)
            u[i] = w[i];
    }
}

int main(void) {
    float sum = 0.0f;
#pragma acc data copyin(b) copyout(c)
    {
#pragma acc kernels
        {
            for (int i = 1; i < N; i++)
                a[i] = a[i - 1] + b[i];
            for (int i = 0; i < N; i++) {
                if (a[i] < 0.0f)
                    break;
                c[i] = a[i];
            }
        }
#pragma acc parallel loop reduction(+:sum)
        for (int i = 0; i < N; i++)
            sum += a[i] + b[i];
    }
    steps(N, 10, a, c);
    printf("%f\n", sum);
    return 0;
}
`

// A jsonRemark is a remark as --diag-format=json prints it.
type jsonRemark struct {
	Line     int
	Code     string
	Negative bool
	Message  string
}

func (r jsonRemark) String() string {
	neg := ""
	if r.Negative {
		neg = "!"
	}
	return fmt.Sprintf("%d %s%s %q", r.Line, neg, r.Code, r.Message)
}

// jsonRemarks reads the remarks of accc's JSON lines.
func jsonRemarks(t *testing.T, out string) []jsonRemark {
	t.Helper()
	var rs []jsonRemark
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var rec struct {
			Range *struct {
				Start struct{ Line int }
			}
			Severity string
			Code     string
			Negative bool
			Message  string
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("not a JSON diagnostic: %q (%v)", sc.Text(), err)
		}
		if rec.Severity != "remark" {
			t.Errorf("not a remark: %s", sc.Text())
			continue
		}
		r := jsonRemark{Code: rec.Code, Negative: rec.Negative, Message: rec.Message}
		if rec.Range != nil {
			r.Line = rec.Range.Start.Line + 1
		}
		rs = append(rs, r)
	}
	return rs
}

// TestMinfoSelection runs one program with each selection of remarks and
// checks that it prints what NVHPC's -Minfo and -Mneginfo select, from
// the codes and negativity of the complete list (-Minfo=all).
func TestMinfoSelection(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "sel.c", minfoSelect)
	run := func(args ...string) string {
		t.Helper()
		args = append([]string{"-acc=gpu", "-fsyntax-only"}, append(args, "sel.c")...)
		_, stderr, status := accc(t, dir, args...)
		if status != 0 {
			t.Fatalf("accc %s: exit status %d:\n%s", strings.Join(args, " "), status, stderr)
		}
		return stderr
	}
	all := jsonRemarks(t, run("-Minfo=all", "--diag-format=json"))

	// Every code of the lowering's taxonomy that the program exercises,
	// with the words that carry it, negative exactly when the taxonomy
	// says so.
	for _, want := range []struct {
		code diag.Code
		msg  string
	}{
		{diag.CodeKernel, "Generating NVIDIA GPU code"},
		{diag.CodeKernel, "Accelerator serial kernel generated"},
		{diag.CodeLoopParallel, "Loop is parallelizable"},
		{diag.CodeLoopSchedule, "#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"},
		{diag.CodeLoopSchedule, "#pragma acc loop seq"},
		{diag.CodeLoopReduction, "Generating reduction(+:sum)"},
		{diag.CodeLoopHost, "Loop runs on the host: each iteration launches the kernels of its body"},
		{diag.CodeLoopDependence, "Loop carried dependence of a prevents parallelization"},
		{diag.CodeLoopDependence, "Loop carried dependence of w,u prevents parallelization"},
		{diag.CodeLoopSequential, "Loop without integer trip count will be executed in sequential mode"},
		{diag.CodeDataCopyin, "Generating copyin(b[:]) [if not already present]"},
		{diag.CodeDataCopyout, "Generating copyout(c[:]) [if not already present]"},
		{diag.CodeDataCopy, "Generating copy(u[:n]) [if not already present]"},
		{diag.CodeDataCreate, "Generating create(w[:n]) [if not already present]"},
		{diag.CodeDataImplicitCopy, "Generating implicit copy(a[:]) [if not already present]"},
		{diag.CodeDataImplicitCopyin, "Generating implicit copyin(b[:]) [if not already present]"},
	} {
		if !slices.ContainsFunc(all, func(r jsonRemark) bool { return r.Code == string(want.code) && r.Message == want.msg }) {
			t.Errorf("-Minfo=all: no %s remark %q", want.code, want.msg)
		}
	}
	detail := false
	for _, r := range all {
		k, ok := diag.LookupRemark(diag.Code(r.Code))
		if !ok || k.Code == diag.CodeAccelOther {
			t.Errorf("remark %v: code outside the taxonomy", r)
		} else if r.Negative != k.Neg {
			t.Errorf("remark %v: negative is %v, the taxonomy says %v", r, r.Negative, k.Neg)
		}
		if strings.HasPrefix(r.Message, "  ") && strings.Contains(r.Message, " written at line ") {
			detail = true
			if r.Code != string(diag.CodeLoopDependence) {
				t.Errorf("dependence detail %v: want code loop-dependence", r)
			}
		}
	}
	if !detail {
		t.Error("-Minfo=all: no dependence detail line")
	}

	isPar := func(r jsonRemark) bool {
		switch diag.Code(r.Code) {
		case diag.CodeLoopParallel, diag.CodeLoopSchedule, diag.CodeLoopReduction:
			return true
		}
		return false
	}
	for _, tc := range []struct {
		args []string
		keep func(jsonRemark) bool
	}{
		{[]string{"-Minfo"}, func(jsonRemark) bool { return true }},
		{[]string{"-Minfo=accel"}, func(jsonRemark) bool { return true }},
		{[]string{"-Minfo=acc"}, func(jsonRemark) bool { return true }},
		{[]string{"-Minfo=loop"}, func(r jsonRemark) bool { return strings.HasPrefix(r.Code, "loop-") }},
		{[]string{"-Minfo=par"}, isPar},
		{[]string{"-Minfo=par", "-Mneginfo"}, func(r jsonRemark) bool { return isPar(r) || r.Negative }},
		{[]string{"-Minfo=par", "-Mneginfo=par"}, func(r jsonRemark) bool { return isPar(r) || r.Negative }},
		{[]string{"-Mneginfo"}, func(r jsonRemark) bool { return r.Negative }},
		{[]string{"-Mneginfo=loop"}, func(r jsonRemark) bool { return r.Negative }},
		{[]string{"-Mneginfo=inline"}, func(jsonRemark) bool { return false }},
		{[]string{"-Minfo=data"}, func(r jsonRemark) bool { return strings.HasPrefix(r.Code, "data-") }},
		{[]string{"-Minfo=data", "-Mneginfo"}, func(r jsonRemark) bool { return strings.HasPrefix(r.Code, "data-") || r.Negative }},
		{[]string{"-Minfo=inline"}, func(jsonRemark) bool { return false }},
		{nil, func(jsonRemark) bool { return false }},
	} {
		t.Run(strings.Join(append([]string{"flags"}, tc.args...), " "), func(t *testing.T) {
			got := jsonRemarks(t, run(append(tc.args, "--diag-format=json")...))
			want := slices.DeleteFunc(slices.Clone(all), func(r jsonRemark) bool { return !tc.keep(r) })
			if !slices.Equal(got, want) {
				t.Errorf("remarks:\n%s\nwant:\n%s", joinRemarks(got), joinRemarks(want))
			}
		})
	}

	// The same selections in -Minfo's text: -Mneginfo alone prints the
	// reasons only, under their loops' lines.
	text := run("-Mneginfo")
	for _, want := range []string{"steps:\n", "main:\n", "Loop carried dependence of a prevents parallelization",
		"Loop carried dependence of w,u prevents parallelization", "Loop without integer trip count"} {
		if !strings.Contains(text, want) {
			t.Errorf("-Mneginfo lacks %q:\n%s", want, text)
		}
	}
	for _, not := range []string{"Generating", "#pragma acc loop", "Loop is parallelizable", "Loop runs on the host"} {
		if strings.Contains(text, not) {
			t.Errorf("-Mneginfo prints %q:\n%s", not, text)
		}
	}
	text = run("-Minfo=par")
	if strings.Contains(text, "Loop carried") || strings.Contains(text, "Generating copy") ||
		!strings.Contains(text, "Loop is parallelizable") || !strings.Contains(text, "Generating reduction(+:sum)") {
		t.Errorf("-Minfo=par:\n%s", text)
	}

	// SARIF carries the same remarks: ruleId the code, the property
	// negative on the negative ones.
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string
						ShortDescription *struct{ Text string }
					}
				}
			}
			Results []struct {
				RuleID     string
				Message    struct{ Text string }
				Properties struct{ Negative bool }
			}
		}
	}
	if err := json.Unmarshal([]byte(run("-Minfo=accel", "--diag-format=sarif")), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	if len(res) != len(all) {
		t.Fatalf("SARIF has %d results, JSON %d remarks", len(res), len(all))
	}
	for i, r := range res {
		if r.RuleID != all[i].Code || r.Properties.Negative != all[i].Negative || r.Message.Text != all[i].Message {
			t.Errorf("SARIF result %d: %s %v %q; JSON %v", i, r.RuleID, r.Properties.Negative, r.Message.Text, all[i])
		}
	}
	for _, rule := range log.Runs[0].Tool.Driver.Rules {
		if rule.ShortDescription == nil || rule.ShortDescription.Text == "" {
			t.Errorf("SARIF rule %s has no description", rule.ID)
		}
	}
}

func joinRemarks(rs []jsonRemark) string {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "\t%v\n", r)
	}
	return b.String()
}

// TestMinfoCodesOfTestdata checks the remarks of every program of
// testdata/minfo: each has a code of the taxonomy (none accel-other, the
// code of a remark nobody classified), negative as the taxonomy says.
func TestMinfoCodesOfTestdata(t *testing.T) {
	acctest.NeedCC(t)
	root := acctest.RepoRoot(t)
	files, _ := filepath.Glob(filepath.Join(root, "testdata", "minfo", "*.c"))
	if len(files) == 0 {
		t.Fatal("no testdata/minfo programs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			recipe, err := acctest.ParseRecipe(src)
			if err != nil {
				t.Fatal(err)
			}
			if recipe.Kind == "skip" {
				t.Skip(recipe.Reason)
			}
			args := append([]string{"-fsyntax-only", "--diag-format=json"}, recipe.Args...)
			args = append(args, "-Minfo=all", filepath.Base(file))
			_, stderr, _ := accc(t, filepath.Dir(file), args...)
			var rs []jsonRemark
			for _, line := range strings.Split(stderr, "\n") {
				if strings.Contains(line, `"severity":"remark"`) {
					rs = append(rs, jsonRemarks(t, line)...)
				}
			}
			if len(rs) == 0 {
				t.Fatalf("no remarks:\n%s", stderr)
			}
			for _, r := range rs {
				k, ok := diag.LookupRemark(diag.Code(r.Code))
				switch {
				case !ok || k.Code == diag.CodeAccelOther:
					t.Errorf("remark %v: code outside the taxonomy (give it one in lower's remarks pass and diag's table)", r)
				case r.Negative != k.Neg:
					t.Errorf("remark %v: negative is %v, the taxonomy says %v", r, r.Negative, k.Neg)
				}
			}
		})
	}
}
