package frontend

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// omitText is a preprocessed unit: a system header with declarations of
// every kind omitUnused meets, then the main file, which names some.
const omitText = `# 1 "t.c"
# 1 "/usr/include/sys.h" 1 3 4
extern int used (const char *__restrict __s, ...) __attribute__ ((__nothrow__));
extern double unused (double __x) __attribute__ ((__nothrow__ , __leaf__)); extern double __unused2 (double __x) __attribute__ ((__nothrow__ , __leaf__));
extern int twice (void);
extern int twice (void) __asm__ ("" "twice64");
typedef struct _S S;
extern S *returns_typedef (int);
extern struct tag *declares_tag (void);
extern int object;
extern int two (void), declarators (void);
extern int (*returns_pointer (int)) (int);
extern __inline __attribute__ ((__gnu_inline__)) int inline_def (void) { return callee (); }
extern int callee (void);
static __inline__ int used_inline (void) { struct local { int a; } l = { 0 }; return used_callee () + l.a; }
extern int used_callee (void);
extern int after_inline (void);
extern int accc_reserved (void);
extern int in_predefined (void);
#pragma acc routine seq
extern int after_pragma (void);
extern int after_after (void);
extern int split (
# 9 "/usr/include/sys.h" 3 4
 int);
extern int by_string (void); extern int alias (void) __attribute__ ((__alias__ ("by_string")));
typedef unsigned int __u_int;
typedef __u_int u_int;
typedef unsigned long size_t;
typedef int used_type;
typedef void fn_type (int __x);
typedef int (*fn_pointer) (int);
typedef struct { int a; } anonymous;
struct defined { int a; };
enum { ENUMERATOR };
static int (*const initialized) (void) = 0;
# 2 "t.c" 2
extern int user_unused (void);
int main (void) { used_type x = used_inline (); return used ("%d", x); }
`

// TestOmitUnused checks which declarations omitUnused blanks, and that
// it keeps every line and offset.
func TestOmitUnused(t *testing.T) {
	src := []byte(omitText)
	out, names := omitUnused(src, "#define P in_predefined\n")
	want := []string{"__u_int", "__unused2", "after_after", "after_inline", "alias", "by_string", "callee",
		"fn_type", "inline_def", "returns_typedef", "twice", "u_int", "unused"}
	if !slices.Equal(names, want) {
		t.Errorf("omitted %q, want %q", names, want)
	}
	if len(out) != len(src) {
		t.Fatalf("length %d, want %d", len(out), len(src))
	}
	for i := range src {
		if (src[i] == '\n') != (out[i] == '\n') || out[i] != src[i] && out[i] != ' ' {
			t.Fatalf("byte %d: %q, want %q or a space", i, out[i], src[i])
		}
	}
	text := string(out)
	for _, gone := range want {
		if strings.Contains(text, " "+gone+" ") {
			t.Errorf("%s still declared:\n%s", gone, text)
		}
	}
	for _, kept := range []string{"used (const", "declares_tag", "object", "declarators",
		"returns_pointer", "used_inline", "used_callee", "accc_reserved", "in_predefined", "after_pragma", "split",
		"size_t", "used_type", "fn_pointer", "anonymous", "struct defined", "ENUMERATOR", "initialized",
		"user_unused"} {
		if !strings.Contains(text, kept) {
			t.Errorf("%s blanked:\n%s", kept, text)
		}
	}
}

// TestOmitUnusedNothing checks that a unit without system headers comes
// back as it is.
func TestOmitUnusedNothing(t *testing.T) {
	src := []byte("# 1 \"t.c\"\nextern int f(void);\nint main(void) { return 0; }\n")
	out, names := omitUnused(src)
	if &out[0] != &src[0] || names != nil {
		t.Errorf("omitUnused changed a unit without system headers: %q %q", out, names)
	}
}

// TestLoadPreprocessedOmits checks that the unit records what the frontend
// did not read, and that what the program names is declared in its AST.
func TestLoadPreprocessedOmits(t *testing.T) {
	acctest.NeedCC(t)
	var diags diag.List
	u, err := LoadPreprocessed(&Config{}, "t.c", []byte(omitText), &diags)
	if err != nil {
		t.Fatalf("LoadPreprocessed: %v %v", err, diags.Sorted())
	}
	if !slices.Contains(u.Omitted, "unused") || slices.Contains(u.Omitted, "used") {
		t.Errorf("Omitted = %q", u.Omitted)
	}
	if len(u.AST.Scope.Nodes["used"]) == 0 {
		t.Error("used is not declared in the AST")
	}
	if len(u.AST.Scope.Nodes["unused"]) != 0 {
		t.Error("unused is declared in the AST")
	}
	if !bytes.Equal(u.Src["t.c"], []byte(omitText)) {
		t.Error("the unit's text is not the text it was given")
	}
}
