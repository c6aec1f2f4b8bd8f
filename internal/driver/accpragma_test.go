package driver

import (
	"regexp"
	"testing"
)

// TestHasAccPragma checks hasAccPragma against the regular expression it
// replaces.
func TestHasAccPragma(t *testing.T) {
	re := regexp.MustCompile(`(?m)^[ \t]*#[ \t]*pragma[ \t]+acc\b|_Pragma[ \t]*\([ \t]*"[ \t]*acc\b`)
	for _, text := range []string{
		"", "#pragma acc", "#pragma acc\n", "int x;\n  # \tpragma\t acc parallel\n", "#pragma accx\n",
		"#pragmaacc\n", "#pragma omp\n#pragma acc_x\n", "x #pragma acc\n", "#pragma acc(\n", "#pragma acc1\n",
		"_Pragma(\"acc loop\")", "M _Pragma ( \" acc\" )", "_Pragma(\"accel\")", "_Pragma(acc)", "_Pragma",
		"_Pragma(\"", "_Pragma _Pragma(\"acc\")", "#\n#pragma\n#pragma \n#pragma a\n", "\n\n# pragma  acc\r\n",
		"#pragma acc_\n", "#pragma ACC\n", "\t#pragma acc.\n",
	} {
		if got, want := hasAccPragma([]byte(text)), re.MatchString(text); got != want {
			t.Errorf("hasAccPragma(%q) = %v, want %v", text, got, want)
		}
	}
}
