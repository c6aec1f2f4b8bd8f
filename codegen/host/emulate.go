package host

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/codegen/kernel"
	"github.com/accc-compiler/accc/ir"
)

// routineDialect is the dialect of the C device versions of routines:
// emulate's on -acc=emulate (its loops run as kernels' do), sequential
// C on the other CPU targets.
func (g *gen) routineDialect() kernel.Dialect {
	if g.dialect == kernel.Emulate {
		return kernel.Emulate
	}
	return kernel.CPU
}

// launchEmulate prints the launch of kernel k on -acc=emulate, with the
// arguments args: the gangs along x, y and z (emuGangs), which the
// kernel's function runs one after another (kernel.Emulate).
func (g *gen) launchEmulate(b *strings.Builder, c *ir.Construct, k *ir.Kernel, args []string, ind, sn string) {
	gangs := emuGangs(c.Region, k, g.lines)
	in := ind + "    "
	fmt.Fprintf(b, "%s{\n", ind)
	fmt.Fprintf(b, "%sconst unsigned %s = %s, %s = %s, %s = %s;\n", in, ir.GangsName, gangs[0], ir.GangsYName, gangs[1], ir.GangsZName, gangs[2])
	fmt.Fprintf(b, "%saccrt_launch_begin(&%s, %s, %s * %s * %s, 1, 1, %s);\n", in, sn, kernel.Quote(kernel.Name(k, g.dialect)), ir.GangsName, ir.GangsYName, ir.GangsZName, asyncArg(c))
	args = append(args, ir.GangsName, ir.GangsYName, ir.GangsZName)
	fmt.Fprintf(b, "%s%s(%s);\n", in, kernel.Name(k, g.dialect), strings.Join(args, ", "))
	fmt.Fprintf(b, "%saccrt_check_launch(&%s);\n", in, sn)
	fmt.Fprintf(b, "%s}\n", ind)
}

// emuGangs returns the host's expressions of the gangs of kernel k of
// region r along x, y and z on -acc=emulate. A num_gangs clause
// (OpenACC 3.4 §2.5.10) gives them where it gives the GPU's grid
// (ir.Grid); elsewhere accrt_emu_gangs takes the device's choice, the
// GPU's grid without its caps (a 2-D blocked nest's gangs all along x,
// where the emulated gang loop spreads them), which the runtime limits
// to a few gangs. A serial kernel, and one of a kernels construct
// without gang loops, runs in one gang: such code has no gang-redundant
// mode.
func emuGangs(r *ir.Region, k *ir.Kernel, lines kernel.Lines) [3]string {
	out := [3]string{"1", "1", "1"}
	if k.Serial || k.GangLoop == nil && r.Kind == ir.Kernels {
		return out
	}
	dims := k.Grid.Dims
	choice := [3]string{}
	for d, dim := range dims {
		choice[d] = fmt.Sprint(dim.Gangs)
		if dim.Trip != nil {
			choice[d] = fmt.Sprintf("(long long)accrt_gangs(%s, %d)", nestTrip(dim.Trip, dim.Tile, lines, ir.SourceName), dim.Per)
		}
	}
	if k.Block2DRows > 0 {
		choice[0], choice[1] = choice[0]+" * "+choice[1], "1"
		dims[1] = ir.GridDim{Gangs: 1}
	}
	for d, dim := range dims {
		if d > 0 && dim.Trip == nil && dim.Gangs == 1 && dim.NumGangs == nil {
			continue // a dimension no gang loop partitions and no clause sizes
		}
		out[d] = numGangs(dim.NumGangs, "accrt_emu_gangs("+choice[d]+")")
		if dim.Limit {
			out[d] = "accrt_dim_gangs(" + out[d] + ")"
		}
	}
	return out
}
