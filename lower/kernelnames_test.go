package lower

import (
	"testing"

	"github.com/accc-compiler/accc/frontend"
)

// TestKernelNameClashesOmitted checks that the functions a system header
// declares count as the program's names though the frontend did not read
// their declarations (frontend.Unit.Omitted): the host compiler reads
// them, and a kernel so named would meet them there.
func TestKernelNameClashesOmitted(t *testing.T) {
	clash := kernelNameClashes(&frontend.Unit{Omitted: []string{"f_3_cpu", "g_5_gpu_launch"}})
	for _, k := range []string{"f_3_gpu", "g_5_gpu"} {
		if !clash(k) {
			t.Errorf("%s does not clash", k)
		}
	}
	if clash("f_4_gpu") {
		t.Error("f_4_gpu clashes")
	}
}
