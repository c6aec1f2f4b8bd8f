package host

import (
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// TestConstructName checks the construct names of the runtime's sites
// (NV_ACC_NOTIFY, NV_ACC_DEBUG, NVTX ranges): the directive name as
// written, with the loop of a combined construct and the data of enter
// and exit data, never a clause; the construct kind where the text has
// no "acc".
func TestConstructName(t *testing.T) {
	for _, tt := range []struct {
		dir  string
		kind ir.ConstructKind
		want string
	}{
		{"#pragma acc parallel loop gang vector copy(a[0:n])", ir.Compute, "parallel loop"},
		{"#pragma acc kernels", ir.Compute, "kernels"},
		{"#pragma acc serial loop", ir.Compute, "serial loop"},
		{"#pragma acc parallel wait(1) async(2)", ir.Compute, "parallel"},
		{"#  pragma   acc  enter data copyin(x)", ir.EnterData, "enter data"},
		{"#pragma acc exit data delete(x) finalize", ir.ExitData, "exit data"},
		{"#pragma acc data copy(loop)", ir.Data, "data"},
		{"#pragma acc update self(a[0:n]) if_present", ir.Update, "update"},
		{"#pragma acc wait(1, 2)", ir.Wait, "wait"},
		{"_Pragma(\"acc host_data use_device(p)\")", ir.HostData, "host_data"},
		{"#pragma omp parallel", ir.Declare, "declare"},
	} {
		c := &ir.Construct{Kind: tt.kind, DirEnd: len(tt.dir)}
		if got := constructName([]byte(tt.dir), c); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.dir, got, tt.want)
		}
	}
}
