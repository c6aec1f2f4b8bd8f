package driver

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseDirective(t *testing.T) {
	for line, want := range map[string]directive{
		"  #pragma acc parallel loop copy(a[0:n], b) reduction(+:s) // want remark:\"x\"": {"  ", "parallel loop", []string{"copy(a[0:n], b)", "reduction(+:s)"}},
		"#pragma acc enter data copyin(a) async":                                          {"", "enter data", []string{"copyin(a)", "async"}},
		"#pragma acc atomic update":                                                       {"", "atomic update", nil},
		"#pragma acc loop gang, vector /* c */ private(t)":                                {"", "loop", []string{"gang", "vector", "private(t)"}},
	} {
		got, ok := parseDirective(line)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("parseDirective(%q) = %#v, want %#v", line, got, want)
		}
	}
	if _, ok := parseDirective("for (i = 0; i < n; i++)"); ok {
		t.Errorf("a loop parsed as a directive")
	}
}

func TestProgramVars(t *testing.T) {
	src := "static double a[N], *p, s = 0;\nvoid f(int n, float *restrict q) {\n    struct pt v, *w;\n    for (int i = 0; i < n; i++) g(x);\n}\n"
	want := []progVar{{"a", true}, {"p", true}, {"s", false}, {"n", false}, {"q", true}, {"v", false}, {"w", true}, {"i", false}}
	if got := programVars(src); !reflect.DeepEqual(got, want) {
		t.Errorf("programVars = %v, want %v", got, want)
	}
}

func TestWithClause(t *testing.T) {
	m := &mutator{}
	d := directive{kind: "parallel loop", clauses: []string{"collapse(2)", "copy(a)", "device_type(nvidia)", "vector"}}
	if got := m.withClause(d, "collapse(3)").clauses; !reflect.DeepEqual(got, []string{"collapse(3)", "copy(a)", "device_type(nvidia)", "vector"}) {
		t.Errorf("a second collapse: %q", got)
	}
	d = directive{kind: "parallel loop", clauses: []string{"copy(a)", "device_type(nvidia)", "vector"}}
	if got := m.withClause(d, "private(x)").clauses; !reflect.DeepEqual(got, []string{"private(x)", "copy(a)", "device_type(nvidia)", "vector"}) {
		t.Errorf("a clause before device_type: %q", got)
	}
}

// TestMutateProgram: no mutations leave a program as it is; mutations are
// a function of the input, and change directives and loops.
func TestMutateProgram(t *testing.T) {
	if got := mutateProgram(fuzzSeed, nil); got != fuzzSeed {
		t.Errorf("no mutations changed the program")
	}
	ops := []byte{1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}
	a, b := mutateProgram(fuzzSeed, ops), mutateProgram(fuzzSeed, ops)
	if a != b {
		t.Errorf("the same mutations gave two programs")
	}
	if a == fuzzSeed || strings.Count(a, "#pragma acc") < strings.Count(fuzzSeed, "#pragma acc") {
		t.Errorf("mutated program:\n%s", a)
	}
	// Each mutation changes the seed for some choices (routine needs a
	// function other than main).
	seed := "static double sq(double x) {\n    return x * x;\n}\n" + fuzzSeed
	for op := byte(0); op < 13; op++ {
		changed := false
		for arg := byte(0); arg < 16 && !changed; arg++ {
			m := &mutator{lines: strings.Split(seed, "\n"), ops: []byte{op, arg, arg, arg, arg, arg, arg}}
			m.apply()
			changed = strings.Join(m.lines, "\n") != seed
		}
		if !changed {
			t.Errorf("mutation %d never changes the seed program", op)
		}
	}
}
