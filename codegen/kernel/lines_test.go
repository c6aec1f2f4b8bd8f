package kernel

import "testing"

// TestResolveGenerated checks that each GenMarker maps the next line to
// its own number in the file, and that a line directive without flags
// right before a marker, which would map nothing, goes.
func TestResolveGenerated(t *testing.T) {
	l := Lines{File: "f.c", Markers: true}
	in := "a\n" + GenMarker + "b\n# 3 \"f.c\"\n" + GenMarker + "c\n# 1 \"x.h\" 1\n" + GenMarker + "d\n"
	want := "a\n# 3 \"f.acc.c\"\nb\n# 5 \"f.acc.c\"\nc\n# 1 \"x.h\" 1\n# 8 \"f.acc.c\"\nd\n"
	if got := l.ResolveGenerated(in, "f.acc.c"); got != want {
		t.Errorf("ResolveGenerated:\n%s\nwant\n%s", got, want)
	}
}

// TestPin checks that Pin maps each line that may hold code to the
// directive's line, but for the lines of the ranges it keeps and lines
// of braces, else and comments alone.
func TestPin(t *testing.T) {
	l := Lines{File: "f.c"}
	text := "{ /* c */\n    f();\n} else {\nuser();\n  g(); /* x */\n}\n"
	keep := [2]int{len("{ /* c */\n    f();\n} else {\n"), len("{ /* c */\n    f();\n} else {\nuser();\n")}
	want := "{ /* c */\n#line 7 \"f.c\"\n    f();\n} else {\nuser();\n#line 7 \"f.c\"\n  g(); /* x */\n}\n"
	if got := l.Pin(text, 7, keep); got != want {
		t.Errorf("Pin:\n%s\nwant\n%s", got, want)
	}
}
