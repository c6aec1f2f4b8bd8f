package kernel

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// BlockLoop prints the one-block form of host loop hl (ir.BlockLoop,
// CUDA): each body kernel's code as a device function (BodyName), then
// the one-block kernel, which runs the loop and calls them in each
// iteration (a serial kernel's on thread 0) with a __syncthreads after
// each: the barrier orders the block's threads as the end of a launch
// orders the grid's, so that each body kernel reads what the one before
// wrote (CUDA C++ Programming Guide: __syncthreads makes the global and
// shared memory accesses of the block's threads before it visible to all
// of them). The block's code runs under the loop's line.
func BlockLoop(lines Lines, r *ir.Region, hl *ir.HostLoop) string {
	b := hl.Block
	d := cudaDialect{}
	p := d.printer()
	var out strings.Builder
	for _, k := range b.Kernels {
		e := newEmitter(CUDA, CUDA, lines, r, k)
		e.dl, e.plainArrays = cudaBodyDialect{}, true
		out.WriteString(e.function())
		out.WriteString("\n")
	}
	k := b.Kernel
	var params []string
	for _, v := range k.Params {
		if v.Class == ir.ArrayData {
			params = append(params, arrayParam(d, v, false, false))
			continue
		}
		params = append(params, paramDecl(d, v))
	}
	out.WriteString(d.signature(k, params))
	if lines.Generated {
		out.WriteString(GenMarker)
	} else {
		out.WriteString(lines.Directive(hl.Loop.Line))
	}
	iv := hl.Loop.Nest[0]
	step, _ := ir.IntValue(iv.Step)
	op := "+="
	if iv.Down {
		op = "-="
	}
	_, line := lines.At(hl.Loop.Line)
	fmt.Fprintf(&out, "    /* the loop at line %d, which the host runs around launches where its kernels' loops are long */\n", line)
	fmt.Fprintf(&out, "    for (long long %[1]s = 0; %[1]s < %[2]s; %[1]s++, %[3]s %[4]s %[5]d) {\n", ir.StepName, ir.StepsName, p.Ident(iv.Var.Name), op, step)
	for i, bk := range b.Kernels {
		var args []string
		for _, v := range bk.Params {
			args = append(args, p.Ident(v.Name))
		}
		call := fmt.Sprintf("%s(%s);", ir.BodyName(bk.Name), strings.Join(args, ", "))
		if b.Lanes[i] == 0 {
			call = "if (threadIdx.x == 0) /* a serial kernel */\n            " + call
		}
		fmt.Fprintf(&out, "        %s\n", call)
		fmt.Fprintf(&out, "        __syncthreads(); /* where the launch of %s ends */\n", bk.Name)
	}
	out.WriteString("    }\n}\n")
	return out.String()
}

// cudaBodyDialect prints a CUDA kernel's body as the device function a
// one-block kernel calls (BlockLoop): static, as the kernels are, and
// inlined where nvcc sees fit.
type cudaBodyDialect struct{ cudaDialect }

func (cudaBodyDialect) signature(k *ir.Kernel, params []string) string {
	return fmt.Sprintf("static __device__ void\n%s(%s)\n{\n", ir.BodyName(k.Name), strings.Join(params, ", "))
}
