package kernel_test

import (
	"testing"

	"github.com/accc-compiler/accc/codegen/kernel"
)

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"t.c":          `"t.c"`,
		`q"uote\.c`:    `"q\"uote\\.c"`,
		"cr\rlf\n.c":   `"cr\015lf\n.c"`,
		"tri??/x??=.c": `"tri?\?/x?\?=.c"`,
		"tab\t\x7f.c":  `"tab\011\177.c"`,
		"é.c":          `"é.c"`,
	} {
		if got := kernel.Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"dir/t.c":   "dir/t.c",
		"a*/b.c":    `"a*\/b.c"`,
		"nl\nx.c":   `"nl\nx.c"`,
		"sp ace'.c": "sp ace'.c",
	} {
		if got := kernel.CommentName(in); got != want {
			t.Errorf("CommentName(%q) = %s, want %s", in, got, want)
		}
	}
}
