package main

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/internal/driver"
)

// Shorthands for the tables.
var (
	xc = driver.Input{Path: "x.c", Kind: driver.InputC}
	yc = driver.Input{Path: "y.c", Kind: driver.InputC}
)

func obj(p string) driver.Input { return driver.Input{Path: p, Kind: driver.InputObject} }
func lib(n string) driver.Input { return driver.Input{Path: n, Kind: driver.InputLib} }
func src(p string) driver.Input { return driver.Input{Path: p, Kind: driver.InputC} }
func wl(o string) driver.Input  { return driver.Input{Path: o, Kind: driver.InputLinkOption} }
func xlinker(o string) driver.Input {
	return driver.Input{Path: o, Kind: driver.InputXlinker}
}

// cfg returns the configuration of `accc x.c` changed by edit.
func cfg(edit func(c *driver.Config)) *driver.Config {
	c := &driver.Config{Inputs: []driver.Input{xc}, DiagFmt: "text"}
	if edit != nil {
		edit(c)
	}
	return c
}

// pgiIgnoredMsg is the warning for an nvc optimiser option accc ignores.
func pgiIgnoredMsg(opt string) string {
	return "PGI option '" + opt + "' is ignored: it tunes nvc's optimiser; the host compiler's -O level does that work here"
}

const (
	pgiSupported = "(accc takes -Minfo, -Mneginfo, -Msafeptr, -Mlarge_arrays, -Mschar, -Muchar, " +
		"and ignores nvc's optimiser options such as -Mvect, -Munroll, -Minline)"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		name string
		args string // split on spaces
		want *driver.Config
	}{
		// Inputs.
		{"c source", "x.c", cfg(nil)},
		{"preprocessed", "x.i", cfg(func(c *driver.Config) { c.Inputs = []driver.Input{src("x.i")} })},
		{"objects in order", "a.o x.c libz.a libq.so libr.so.1 y.c notes",
			cfg(func(c *driver.Config) {
				c.Inputs = []driver.Input{obj("a.o"), xc, obj("libz.a"), obj("libq.so"), obj("libr.so.1"), yc, obj("notes")}
			})},
		{"-l joined and separate keep order", "x.c -lm a.o -l pthread",
			cfg(func(c *driver.Config) { c.Inputs = []driver.Input{xc, lib("m"), obj("a.o"), lib("pthread")} })},
		{"-x c", "-x c k.txt -x none l.txt -xc m", cfg(func(c *driver.Config) {
			c.Inputs = []driver.Input{src("k.txt"), obj("l.txt"), src("m")}
		})},
		{"-- makes inputs", "-- -weird.c x.o", cfg(func(c *driver.Config) {
			c.Inputs = []driver.Input{src("-weird.c"), obj("x.o")}
		})},
		{"file named info", "-c info", cfg(func(c *driver.Config) {
			c.Inputs, c.Mode = []driver.Input{obj("info")}, driver.ModeCompile
		})},

		// Output and mode.
		{"-c", "-c x.c", cfg(func(c *driver.Config) { c.Mode = driver.ModeCompile })},
		{"-o separate", "-o prog x.c", cfg(func(c *driver.Config) { c.Output = "prog" })},
		{"-o joined", "x.c -oprog", cfg(func(c *driver.Config) { c.Output = "prog" })},
		{"-o last wins", "-o a -o b x.c", cfg(func(c *driver.Config) { c.Output = "b" })},
		{"-o takes a dash value", "x.c -o -c", cfg(func(c *driver.Config) { c.Output = "-c" })},
		{"-c -o one source plus objects", "-c -o x.o x.c a.o", cfg(func(c *driver.Config) {
			c.Mode, c.Output, c.Inputs = driver.ModeCompile, "x.o", []driver.Input{xc, obj("a.o")}
		})},
		{"-o with several sources when linking", "-o p x.c y.c", cfg(func(c *driver.Config) {
			c.Output, c.Inputs = "p", []driver.Input{xc, yc}
		})},
		{"-E", "-E x.c", cfg(func(c *driver.Config) { c.Mode = driver.ModePreprocess })},
		{"-E beats -c", "-c -E x.c", cfg(func(c *driver.Config) { c.Mode = driver.ModePreprocess })},
		{"-fsyntax-only", "-fsyntax-only x.c", cfg(func(c *driver.Config) { c.Mode = driver.ModeSyntax })},
		{"-fsyntax-only with -o and sources", "-fsyntax-only -o z x.c y.c", cfg(func(c *driver.Config) {
			c.Mode, c.Output, c.Inputs = driver.ModeSyntax, "z", []driver.Input{xc, yc}
		})},
		{"--emit=source", "--emit=source -c x.c", cfg(func(c *driver.Config) { c.Mode = driver.ModeEmitSource })},
		{"--emit source", "--emit source x.c", cfg(func(c *driver.Config) { c.Mode = driver.ModeEmitSource })},
		{"--keep", "--keep x.c", cfg(func(c *driver.Config) { c.Keep = true })},
		{"-keep", "-keep x.c", cfg(func(c *driver.Config) { c.Keep = true })},

		// Preprocessor.
		{"-I both ways, in order", "-I inc -Isrc x.c -I /abs", cfg(func(c *driver.Config) {
			c.IncludeDirs = []string{"inc", "src", "/abs"}
		})},
		{"-isystem and -idirafter", "-idirafter z -isystem sys -I a -isystemsys2 x.c -I b", cfg(func(c *driver.Config) {
			c.IncludeDirs, c.SysIncludeDirs, c.AfterIncludeDirs = []string{"a", "b"}, []string{"sys", "sys2"}, []string{"z"}
		})},
		{"-D and -U in order", "-D X -DY=1 -UX -U Z -D W=a=b x.c", cfg(func(c *driver.Config) {
			c.Defines = []string{"X", "Y=1", "-X", "-Z", "W=a=b"}
		})},
		{"-include", "-include pre.h -includeb.h x.c", cfg(func(c *driver.Config) { c.PreIncludes = []string{"pre.h", "b.h"} })},
		{"-std=c11", "-std=c11 x.c", cfg(func(c *driver.Config) { c.Std = "c11" })},
		{"-std=gnu17", "-std=gnu17 x.c", cfg(func(c *driver.Config) { c.Std = "gnu17" })},
		{"-ansi", "-ansi x.c", cfg(func(c *driver.Config) { c.Std = "c90" })},
		{"pgcc -c99", "-c99 x.c", cfg(func(c *driver.Config) { c.Std = "c99" })},

		// Optimisation and debugging.
		{"-O", "-O x.c", cfg(func(c *driver.Config) { c.OptLevel = "-O" })},
		{"-O3", "-O3 x.c", cfg(func(c *driver.Config) { c.OptLevel = "-O3" })},
		{"-O last wins", "-O0 -O2 x.c", cfg(func(c *driver.Config) { c.OptLevel = "-O2" })},
		{"-Os", "-Os x.c", cfg(func(c *driver.Config) { c.OptLevel = "-Os" })},
		{"-Ofast", "-Ofast x.c", cfg(func(c *driver.Config) { c.OptLevel = "-Ofast" })},
		{"nvc -fast", "-fast x.c", cfg(func(c *driver.Config) { c.OptLevel = "-O2" })},
		{"-fast then -O3", "-fast -O3 x.c", cfg(func(c *driver.Config) { c.OptLevel = "-O3" })},
		{"-g", "-g x.c", cfg(func(c *driver.Config) { c.Debug = true })},
		{"-g3", "-g3 x.c", cfg(func(c *driver.Config) { c.Debug, c.HostFlags = true, []string{"-g3"} })},
		{"-g then -g0", "-g -g0 x.c", cfg(func(c *driver.Config) { c.HostFlags = []string{"-g0"} })},
		{"-ggdb", "-ggdb x.c", cfg(func(c *driver.Config) { c.Debug, c.HostFlags = true, []string{"-ggdb"} })},

		// Warnings.
		{"-w", "-w x.c", cfg(func(c *driver.Config) { c.NoWarnings, c.WarnCodes.None = true, true })},
		{"-W family", "-Wall -Werror -Wno-unused -W -Wextra -pedantic x.c", cfg(func(c *driver.Config) {
			c.WarnFlags = []string{"-Wall", "-Werror", "-Wno-unused", "-W", "-Wextra", "-pedantic"}
			c.WarnCodes.Errors = true
		})},
		{"-Werror then -Wno-error", "-Werror -Wno-error x.c", cfg(func(c *driver.Config) {
			c.WarnFlags = []string{"-Werror", "-Wno-error"}
		})},
		{"accc's warning codes", "-Wno-data-movement -Werror=data-pointer -Wno-unused -Werror=shadow -Werror=loop-form -Wno-error=loop-form x.c", cfg(func(c *driver.Config) {
			c.WarnFlags = []string{"-Wno-unused", "-Werror=shadow"}
			c.WarnCodes = diag.WarningPolicy{Off: map[diag.Code]bool{diag.CodeDataMovement: true},
				Error: map[diag.Code]bool{diag.CodeDataPointer: true}, NoError: map[diag.Code]bool{diag.CodeLoopForm: true}}
		})},
		{"-fmax-errors", "-fmax-errors=5 x.c", cfg(func(c *driver.Config) { c.ErrorLimit = 5 })},
		{"-ferror-limit", "-ferror-limit=7 x.c", cfg(func(c *driver.Config) { c.ErrorLimit = 7 })},
		{"-fmax-errors=0 is no limit", "-fmax-errors=0 x.c", cfg(func(c *driver.Config) { c.ErrorLimit = math.MaxInt32 })},

		// Host compiler and linker.
		{"-Wl", "x.c -Wl,-rpath,/opt/lib -Wl,--as-needed", cfg(func(c *driver.Config) {
			c.Inputs = []driver.Input{xc, wl("-Wl,-rpath,/opt/lib"), wl("-Wl,--as-needed")}
		})},
		{"-Xlinker", "x.c -Xlinker -z -Xlinker now", cfg(func(c *driver.Config) {
			c.Inputs = []driver.Input{xc, xlinker("-z"), xlinker("now")}
		})},
		{"linker options keep their place among the libraries", "-Wl,-Bstatic -lx a.o -Wl,-Bdynamic x.c -Xlinker --as-needed -ly",
			cfg(func(c *driver.Config) {
				c.Inputs = []driver.Input{wl("-Wl,-Bstatic"), lib("x"), obj("a.o"), wl("-Wl,-Bdynamic"), xc, xlinker("--as-needed"), lib("y")}
			})},
		{"link-only switches", "-shared -static -rdynamic -s x.c", cfg(func(c *driver.Config) {
			c.LinkArgs = []string{"-shared", "-static", "-rdynamic", "-s"}
		})},
		{"-L both ways", "-L /opt/lib -Llib x.c", cfg(func(c *driver.Config) { c.LibDirs = []string{"/opt/lib", "lib"} })},
		{"-f and -m families", "-fPIC -fopenmp -fno-strict-aliasing -m64 -march=native -pthread -Wa,--noexecstack x.c",
			cfg(func(c *driver.Config) {
				c.HostFlags = []string{"-fPIC", "-fopenmp", "-fno-strict-aliasing", "-m64", "-march=native", "-pthread", "-Wa,--noexecstack"}
			})},
		{"nvc -mp", "-mp x.c", cfg(func(c *driver.Config) { c.HostFlags = []string{"-fopenmp"} })},
		{"nvc -mp=multicore", "-mp=multicore -mp x.c", cfg(func(c *driver.Config) { c.HostFlags = []string{"-fopenmp"} })},
		{"nvc -mp=nonuma", "-mp=multicore,nonuma x.c", cfg(func(c *driver.Config) {
			c.HostFlags = []string{"-fopenmp"}
			c.Warnings = []string{"'nonuma' in '-mp=multicore,nonuma' is ignored: OpenMP runs with the host compiler's runtime defaults"}
		})},
		{"-mcmodel=medium", "-mcmodel=medium x.c", cfg(func(c *driver.Config) { c.HostFlags = []string{"-mcmodel=medium"} })},
		{"-tp=host", "-tp=host x.c", cfg(func(c *driver.Config) { c.HostFlags = []string{"-march=native"} })},
		{"-tp=zen3", "-tp=zen3 x.c", cfg(func(c *driver.Config) {
			c.Warnings = []string{"'-tp=zen3' is ignored: accc builds for the host compiler's default CPU; choose another with -march="}
		})},

		// Dependency files.
		{"-MD -MF -MT", "-MD -MF x.d -MT x.o -c x.c", cfg(func(c *driver.Config) {
			c.Mode, c.DepFlags = driver.ModeCompile, []string{"-MD", "-MF", "x.d", "-MT", "x.o"}
		})},
		{"joined -MF -MQ and -MMD -MP", "-MMD -MP -MFdeps/x.d -MQ$(o) x.c", cfg(func(c *driver.Config) {
			c.DepFlags = []string{"-MMD", "-MP", "-MF", "deps/x.d", "-MQ", "$(o)"}
		})},
		{"-MM -MG", "-MM -MG x.c", cfg(func(c *driver.Config) {
			c.Mode, c.DepFlags = driver.ModePreprocess, []string{"-MM", "-MG"}
		})},
		{"-M implies -E", "-M x.c", cfg(func(c *driver.Config) {
			c.Mode, c.DepFlags = driver.ModePreprocess, []string{"-M"}
		})},
		{"-MM", "-MM -MT t x.c", cfg(func(c *driver.Config) {
			c.Mode, c.DepFlags = driver.ModePreprocess, []string{"-MM", "-MT", "t"}
		})},

		// OpenACC.
		{"no -acc", "x.c", cfg(nil)},
		{"-acc means gpu", "-acc x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetGPU })},
		{"-acc=multicore", "-acc=multicore x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetMulticore })},
		{"-acc=host", "-acc=host x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetHost })},
		{"-acc=emulate", "-acc=emulate x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetEmulate })},
		{"-acc after -acc=multicore keeps it", "-acc=multicore -acc x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target = true, driver.TargetMulticore
		})},
		{"last target wins", "-acc=multicore -acc=gpu x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetGPU })},
		{"-acc sub-options", "-acc=gpu,noautopar,sync x.c", cfg(func(c *driver.Config) { c.ACC, c.Target, c.NoAutopar = true, driver.TargetGPU, true })},
		{"-acc sub-options only", "-acc=strict x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetGPU })},
		{"-noacc", "-acc -noacc x.c", cfg(nil)},
		{"-fopenacc", "-fopenacc x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetGPU })},
		{"-ta=tesla", "-ta=tesla x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetGPU })},
		{"-ta=tesla:cc75,cc80", "-ta=tesla:cc75,cc80 x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.GPUArchs = true, driver.TargetGPU, []string{"cc75", "cc80"}
		})},
		{"-ta=tesla:cc70 is too old", "-ta=tesla:cc70 x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target = true, driver.TargetGPU
			c.Warnings = []string{"compute capability 'cc70' in '-ta=tesla:cc70' is ignored: CUDA 13, which accc uses, builds for cc75 and newer (the default is cc90)"}
		})},
		{"-ta=nvidia", "-ta=nvidia:cc90 x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.GPUArchs = true, driver.TargetGPU, []string{"cc90"}
		})},
		{"-ta=multicore", "-ta=multicore x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetMulticore })},
		{"-ta=host", "-ta=host x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetHost })},
		{"-gpu archs accumulate without repeats", "-acc -gpu=cc80,cc90 -gpu=cc90a,cc80 -gpu=cc100 x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.GPUArchs = true, driver.TargetGPU, []string{"cc80", "cc90", "cc90a", "cc100"}
		})},
		{"-gpu without -acc", "-gpu=cc90 x.c", cfg(func(c *driver.Config) { c.GPUArchs = []string{"cc90"} })},
		{"-Minfo", "-Minfo x.c", cfg(func(c *driver.Config) { c.Minfo = []string{"all"} })},
		{"-Minfo=accel,loop", "-Minfo=accel,loop -Minfo=accel x.c", cfg(func(c *driver.Config) { c.Minfo = []string{"accel", "loop"} })},
		{"-Minfo families", "-Minfo=data,inline,intensity,ccff x.c", cfg(func(c *driver.Config) {
			c.Minfo = []string{"data", "inline", "intensity", "ccff"}
		})},
		{"-Minfo=acc", "-Minfo=acc x.c", cfg(func(c *driver.Config) { c.Minfo = []string{"acc"} })},
		{"-Mneginfo", "-Minfo=accel -Mneginfo x.c", cfg(func(c *driver.Config) { c.Minfo = []string{"accel", "neginfo=all"} })},
		{"-Mneginfo=loop", "-Mneginfo=loop x.c", cfg(func(c *driver.Config) { c.Minfo = []string{"neginfo=loop"} })},
		{"-Mneginfo families", "-Minfo=par -Mneginfo=par,concur -Mneginfo=par x.c", cfg(func(c *driver.Config) {
			c.Minfo = []string{"par", "neginfo=par", "neginfo=concur"}
		})},
		{"pgcc Makefile line", "-acc -ta=tesla:cc80 -Minfo=accel -fast -c -o x.o x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.GPUArchs, c.Minfo = true, driver.TargetGPU, []string{"cc80"}, []string{"accel"}
			c.OptLevel, c.Mode, c.Output = "-O2", driver.ModeCompile, "x.o"
		})},

		// PGI/NVHPC options of real Makefiles (NPB OpenACC ports and others).
		{"-Msafeptr", "-Msafeptr x.c", cfg(func(c *driver.Config) { c.NoAlias = true })},
		{"-Msafeptr=arg", "-Msafeptr=arg x.c", cfg(func(c *driver.Config) { c.NoAlias = true })},
		{"-Msafeptr=all", "-Msafeptr=all x.c", cfg(func(c *driver.Config) { c.NoAlias = true })},
		{"-Msafeptr=local", "-Msafeptr=local x.c", cfg(func(c *driver.Config) {
			c.Warnings = []string{"'local' in '-Msafeptr=local' is ignored: accc takes -Msafeptr for pointer arguments only (arg, dummy, all)"}
		})},
		{"-Mnosafeptr after -Msafeptr", "-Msafeptr -Mnosafeptr x.c", cfg(nil)},
		{"-Mvect", "-Mvect x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Mvect")} })},
		{"-Mvect=simd", "-Mvect=simd,noassoc x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Mvect=simd,noassoc")} })},
		{"-Mnovect", "-Mnovect x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Mnovect")} })},
		{"-Munroll", "-Munroll x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Munroll")} })},
		{"-Munroll=c:4", "-Munroll=c:4 x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Munroll=c:4")} })},
		{"-Minline", "-Minline x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Minline")} })},
		{"-Minline=levels:10", "-Minline=levels:10 x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Minline=levels:10")} })},
		{"-Mfprelaxed", "-Mfprelaxed x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Mfprelaxed")} })},
		{"-Minform=warn", "-Minform=warn x.c", cfg(func(c *driver.Config) { c.Warnings = []string{pgiIgnoredMsg("-Minform=warn")} })},
		{"-Mlarge_arrays", "-Mlarge_arrays x.c", cfg(func(c *driver.Config) { c.HostFlags = []string{"-mcmodel=medium"} })},
		{"-Mlarge_arrays with -mcmodel=medium", "-mcmodel=medium -Mlarge_arrays x.c", cfg(func(c *driver.Config) {
			c.HostFlags = []string{"-mcmodel=medium"}
		})},
		{"-Mschar -Muchar", "-Mschar -Muchar x.c", cfg(func(c *driver.Config) { c.HostFlags = []string{"-fsigned-char", "-funsigned-char"} })},
		{"one warning per option", "-Mvect -Munroll -Mvect x.c -Munroll", cfg(func(c *driver.Config) {
			c.Warnings = []string{pgiIgnoredMsg("-Mvect"), pgiIgnoredMsg("-Munroll")}
		})},
		{"-ta=nvidia,cc35", "-ta=nvidia,cc35 x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target = true, driver.TargetGPU
			c.Warnings = []string{"compute capability 'cc35' in '-ta=nvidia,cc35' is ignored: CUDA 13, which accc uses, builds for cc75 and newer (the default is cc90)"}
		})},
		{"-ta=nvidia,cc35,cc80", "-ta=nvidia,cc35,cc80 x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.GPUArchs = true, driver.TargetGPU, []string{"cc80"}
			c.Warnings = []string{"compute capability 'cc35' in '-ta=nvidia,cc35,cc80' is ignored: CUDA 13, which accc uses, builds for cc75 and newer (the default is cc90)"}
		})},
		{"-acc=gpu,multicore", "-acc=gpu,multicore x.c", cfg(func(c *driver.Config) { c.ACC, c.Target, c.Fallback = true, driver.TargetGPU, true })},
		{"-acc=multicore,gpu", "-acc=multicore,gpu x.c", cfg(func(c *driver.Config) { c.ACC, c.Target, c.Fallback = true, driver.TargetGPU, true })},
		{"-acc=gpu,host,multicore", "-acc=gpu,host,multicore x.c", cfg(func(c *driver.Config) { c.ACC, c.Target, c.Fallback = true, driver.TargetGPU, true })},
		{"-ta=tesla,multicore", "-ta=tesla,multicore x.c", cfg(func(c *driver.Config) { c.ACC, c.Target, c.Fallback = true, driver.TargetGPU, true })},
		{"-ta=tesla:cc80,multicore", "-ta=tesla:cc80,multicore x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.Fallback, c.GPUArchs = true, driver.TargetGPU, true, []string{"cc80"}
		})},
		{"-ta=multicore,nvidia", "-ta=multicore,nvidia x.c", cfg(func(c *driver.Config) { c.ACC, c.Target, c.Fallback = true, driver.TargetGPU, true })},
		{"gpu,multicore then gpu", "-acc=gpu,multicore -acc=gpu x.c", cfg(func(c *driver.Config) { c.ACC, c.Target = true, driver.TargetGPU })},
		{"gpu,multicore then -noacc", "-acc=gpu,multicore -noacc x.c", cfg(func(c *driver.Config) {})},
		{"-acc=gpu,host", "-acc=gpu,host x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target = true, driver.TargetGPU
			c.Warnings = []string{"'-acc=gpu,host': the host versions of compute constructs run when ACC_DEVICE_TYPE=host or acc_set_device_type(acc_device_host) selects the host, not when no GPU is present"}
		})},
		{"-gpu tuning sub-options", "-gpu=cc80,lineinfo,maxregcount:64,cuda12.4,nofma x.c", cfg(func(c *driver.Config) {
			c.GPUArchs = []string{"cc80"}
			c.NVCCFlags = []string{"-lineinfo", "-maxrregcount=64", "--fmad=false"}
			c.Warnings = []string{
				"GPU sub-option 'cuda12.4' in '-gpu=cc80,lineinfo,maxregcount:64,cuda12.4,nofma' is ignored: accc uses the CUDA compiler it finds (see accc info)",
			}
		})},
		{"-gpu device code options", "-gpu=debug,fastmath,flushz,noflushz,fma,ptxinfo,rdc x.c", cfg(func(c *driver.Config) {
			c.NVCCFlags = []string{"-G", "--use_fast_math", "--ftz=true", "--ftz=false", "--fmad=true", "-Xptxas=-v"}
			c.Warnings = []string{
				"GPU sub-option 'rdc' in '-gpu=debug,fastmath,flushz,noflushz,fma,ptxinfo,rdc' is ignored: it tunes nvc's GPU code generation, which accc does its own way",
			}
		})},
		{"-gpu separate memory is accc's", "-gpu=cc90,nomanaged,mem:separate,nounified x.c", cfg(func(c *driver.Config) {
			c.GPUArchs = []string{"cc90"}
		})},
		{"-gpu=mem:managed", "-acc=emulate -gpu=mem:managed x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.Memory = true, driver.TargetEmulate, driver.MemManaged
		})},
		{"-gpu=managed", "-acc=emulate -gpu=cc80,managed x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.Memory, c.GPUArchs = true, driver.TargetEmulate, driver.MemManaged, []string{"cc80"}
		})},
		{"-ta=tesla:managed", "-ta=tesla:cc80,managed -acc=emulate x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.Memory, c.GPUArchs = true, driver.TargetEmulate, driver.MemManaged, []string{"cc80"}
		})},
		{"-gpu=mem:unified", "-acc=emulate -gpu=mem:unified x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.Memory = true, driver.TargetEmulate, driver.MemUnified
		})},
		{"-gpu=unified", "-acc=emulate -gpu=unified x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.Memory = true, driver.TargetEmulate, driver.MemUnified
		})},
		{"-gpu=mem:separate:pinnedalloc", "-acc -gpu=mem:separate:pinnedalloc x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.Memory = true, driver.TargetGPU, driver.MemPinned
		})},
		{"-gpu=pinned", "-acc -gpu=pinned x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.Memory = true, driver.TargetGPU, driver.MemPinned
		})},
		{"the last memory mode wins", "-acc -gpu=managed -gpu=mem:separate x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target = true, driver.TargetGPU
		})},
		{"nomanaged after managed", "-acc -gpu=managed,nomanaged x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target = true, driver.TargetGPU
		})},
		{"memory modes change nothing on host", "-acc=host -gpu=mem:managed x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target = true, driver.TargetHost
		})},
		{"memory modes change nothing on multicore", "-acc=multicore -gpu=mem:unified x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target = true, driver.TargetMulticore
		})},
		{"NPB make.def", "-acc -fast -Msafeptr -Minfo=accel -ta=nvidia,cc35 -mcmodel=medium -Mvect=simd -Munroll -Minline -Mlarge_arrays -Mfprelaxed -mp -c x.c",
			cfg(func(c *driver.Config) {
				c.ACC, c.Target, c.Minfo, c.Mode = true, driver.TargetGPU, []string{"accel"}, driver.ModeCompile
				c.OptLevel, c.NoAlias = "-O2", true
				c.HostFlags = []string{"-mcmodel=medium", "-fopenmp"}
				c.Warnings = []string{
					"compute capability 'cc35' in '-ta=nvidia,cc35' is ignored: CUDA 13, which accc uses, builds for cc75 and newer (the default is cc90)",
					pgiIgnoredMsg("-Mvect=simd"), pgiIgnoredMsg("-Munroll"), pgiIgnoredMsg("-Minline"), pgiIgnoredMsg("-Mfprelaxed"),
				}
			})},

		// Driver.
		{"-v", "-v x.c", cfg(func(c *driver.Config) { c.Verbose = true })},
		{"-###", "-### x.c", cfg(func(c *driver.Config) { c.DryRun = true })},
		{"-v alone", "-v", &driver.Config{Verbose: true, DiagFmt: "text"}},
		{"--diag-format=json", "--diag-format=json x.c", cfg(func(c *driver.Config) { c.DiagFmt = "json" })},
		{"--diag-format sarif", "--diag-format sarif x.c", cfg(func(c *driver.Config) { c.DiagFmt = "sarif" })},
		{"--diag-format=text", "--diag-format=text x.c", cfg(nil)},
		{"--dump-ir=all", "-acc --dump-ir=all x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.DumpIR = true, driver.TargetGPU, "all"
		})},
		{"--dump-ir PASS", "-acc=host --dump-ir " + driver.IRPasses()[0] + " -fsyntax-only x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.DumpIR, c.Mode = true, driver.TargetHost, driver.IRPasses()[0], driver.ModeSyntax
		})},
		{"-dump-ir=PASS", "-dump-ir=all -acc=emulate x.c", cfg(func(c *driver.Config) {
			c.ACC, c.Target, c.DumpIR = true, driver.TargetEmulate, "all"
		})},
		{"--dump-ir without -acc", "--dump-ir=all x.c", cfg(func(c *driver.Config) {
			c.DumpIR = "all"
			c.Warnings = []string{"'--dump-ir=all' prints nothing without -acc: the directives are not lowered"}
		})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseArgs(strings.Fields(tt.args))
			if err != nil {
				t.Fatalf("parseArgs(%q): %v", tt.args, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parseArgs(%q)\n got %+v\nwant %+v", tt.args, *got, *tt.want)
			}
		})
	}
}

func TestParseArgsErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "accc: fatal error: no input files"},
		{[]string{"-c", "-O2"}, "accc: fatal error: no input files"},
		{[]string{"-bogus", "x.c"}, "accc: error: unrecognized command-line option '-bogus'"},
		{[]string{"-Zfoo", "x.c"}, "accc: error: unrecognized command-line option '-Zfoo'"},
		{[]string{"--foo", "x.c"}, "accc: error: unrecognized command-line option '--foo'"},
		{[]string{"--keep=yes", "x.c"}, "accc: error: unrecognized command-line option '--keep=yes'"},
		{[]string{"-f", "x.c"}, "accc: error: unrecognized command-line option '-f'"},
		{[]string{"-m", "x.c"}, "accc: error: unrecognized command-line option '-m'"},
		{[]string{"-O9x", "x.c"}, "accc: error: unrecognized command-line option '-O9x'"},
		{[]string{"-gfoo", "x.c"}, "accc: error: unrecognized command-line option '-gfoo'"},
		{[]string{"x.c", "-h"}, "accc: error: unrecognized command-line option '-h'"},
		{[]string{"x.c", "-o"}, "accc: error: missing argument to '-o'"},
		{[]string{"x.c", "-I"}, "accc: error: missing argument to '-I'"},
		{[]string{"x.c", "-D"}, "accc: error: missing argument to '-D'"},
		{[]string{"x.c", "-l"}, "accc: error: missing argument to '-l'"},
		{[]string{"x.c", "-MF"}, "accc: error: missing argument to '-MF'"},
		{[]string{"x.c", "-include"}, "accc: error: missing argument to '-include'"},
		{[]string{"x.c", "-Xlinker"}, "accc: error: missing argument to '-Xlinker'"},
		{[]string{"x.c", "--emit"}, "accc: error: missing argument to '--emit'"},
		{[]string{"x.c", "--emit="}, "accc: error: missing argument to '--emit='"},
		{[]string{"-D", "=1", "x.c"}, "accc: error: macro name missing after '-D'"},
		{[]string{"-MMD", "-MG", "-c", "x.c"}, "accc: error: -MG may only be used with -M or -MM"},
		{[]string{"-c", "-o", "a.o", "x.c", "y.c"}, "accc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files"},
		{[]string{"-E", "-o", "a.i", "x.c", "y.c"}, "accc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files"},
		{[]string{"--emit=source", "-o", "a", "x.c", "y.c"}, "accc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files"},
		{[]string{"-"}, "accc: error: reading a source from standard input ('-') is not supported; pass a file name"},
		{[]string{"-S", "x.c"}, "accc: error: -S is not supported; use --emit=source to see generated code"},
		{[]string{"x.cpp"}, "accc: error: x.cpp: accc compiles C only (.c, .i); build this file with its own compiler and pass the object file"},
		{[]string{"k.cu"}, "accc: error: k.cu: accc compiles C only (.c, .i); build this file with its own compiler and pass the object file"},
		{[]string{"-x", "c++", "x.c"}, "accc: error: language 'c++' is not supported; accc compiles C only (-x c or -x none)"},
		{[]string{"-std=c++17", "x.c"}, "accc: error: '-std=c++17' is not a C standard accc knows (e.g. -std=c11, -std=gnu17)"},
		{[]string{"-fmax-errors=-1", "x.c"}, "accc: error: argument to '-fmax-errors=' should be a non-negative integer"},
		{[]string{"-ferror-limit=many", "x.c"}, "accc: error: argument to '-ferror-limit=' should be a non-negative integer"},
		{[]string{"-Wp,-DX", "x.c"}, "accc: error: '-Wp,-DX' is not supported; give preprocessor options (-D, -U, -I) directly"},
		{[]string{"--emit=ptx", "x.c"}, "accc: error: unknown --emit kind 'ptx' (want --emit=source)"},
		{[]string{"--diag-format=xml", "x.c"}, "accc: error: unknown --diag-format 'xml' (want text, json or sarif)"},
		{[]string{"-acc", "--dump-ir=bogus", "x.c"}, "accc: error: unknown pass 'bogus' for --dump-ir; passes: " +
			strings.Join(driver.IRPasses()[:len(driver.IRPasses())-1], ", ") + " (or all)"},
		{[]string{"-acc", "-dump-ir=", "x.c"}, "accc: error: missing argument to '-dump-ir='"},
		{[]string{"x.c", "--dump-ir"}, "accc: error: missing argument to '--dump-ir'"},
		{[]string{"-acc=", "x.c"}, "accc: error: missing argument to '-acc='"},
		{[]string{"-acc=gpu,foo", "x.c"}, "accc: error: unknown -acc sub-option 'foo' (want gpu, multicore, host, emulate or autopar, noautopar, sync, wait, nowait, strict, verystrict)"},
		{[]string{"-acc=host,multicore", "x.c"}, "accc: error: '-acc=host,multicore' names two targets ('host' and 'multicore'); accc builds for one"},
		{[]string{"-acc=gpu,emulate", "x.c"}, "accc: error: '-acc=gpu,emulate' names two targets ('gpu' and 'emulate'); accc builds for one"},
		{[]string{"-acc=gpu,multicore", "-gpu=autocompare", "x.c"}, "accc: error: '-gpu=autocompare' is not supported with -acc=gpu,multicore yet; build with -acc=gpu"},
		{[]string{"-acc=gpu,multicore", "-gpu=pinned", "x.c"}, "accc: error: -gpu=mem:separate:pinnedalloc is not supported with -acc=gpu,multicore yet: its heap needs a GPU, which the multicore fallback runs without; use -gpu=mem:separate (the default)"},
		{[]string{"-acc=gpu,multicore,emulate", "x.c"}, "accc: error: '-acc=gpu,multicore,emulate' names 3 targets; accc builds for one, or for gpu and multicore"},
		{[]string{"-acc=gpu,multicore", "-gpu=managed", "x.c"}, "accc: error: -gpu=mem:managed is not supported with -acc=gpu,multicore yet: its heap needs a GPU, which the multicore fallback runs without; use -gpu=mem:separate (the default)"},
		{[]string{"-ta=host,multicore", "x.c"}, "accc: error: '-ta=host,multicore' names two targets ('host' and 'multicore'); accc builds for one"},
		{[]string{"-ta=multicore,cc80", "x.c"}, "accc: error: '-ta=multicore' takes no sub-options"},
		{[]string{"-ta=radeon", "x.c"}, "accc: error: unknown -ta target 'radeon' (want tesla[:ccNN,...], nvidia, multicore or host)"},
		{[]string{"-ta=", "x.c"}, "accc: error: missing argument to '-ta='"},
		{[]string{"-ta=multicore:cc80", "x.c"}, "accc: error: '-ta=multicore' takes no sub-options"},
		{[]string{"-gpu=mem:shared", "x.c"}, "accc: error: unknown memory mode 'mem:shared' in '-gpu=mem:shared' (want mem:separate, mem:separate:pinnedalloc, mem:managed or mem:unified)"},
		{[]string{"-gpu=mem:managed:pinnedalloc", "x.c"}, "accc: error: unknown memory mode 'mem:managed:pinnedalloc' in '-gpu=mem:managed:pinnedalloc' (want mem:separate, mem:separate:pinnedalloc, mem:managed or mem:unified)"},
		{[]string{"-gpu=deepcopy", "x.c"}, "accc: error: GPU sub-option 'deepcopy' in '-gpu=deepcopy' is not supported: accc's runtime does not implement it"},
		{[]string{"-gpu=zeroinit", "x.c"}, "accc: error: GPU sub-option 'zeroinit' in '-gpu=zeroinit' is not supported: accc's runtime does not implement it"},
		{[]string{"-mp=gpu", "x.c"}, "accc: error: '-mp=gpu': OpenMP offload to the GPU is not supported; accc compiles OpenMP in host code (-mp or -mp=multicore)"},
		{[]string{"-mp=", "x.c"}, "accc: error: missing argument to '-mp='"},
		{[]string{"-mp=fast", "x.c"}, "accc: error: unknown -mp sub-option 'fast' (want multicore, gpu, align, allcores, bind, numa, nonuma, ompt, noompt)"},
		{[]string{"-tp=", "x.c"}, "accc: error: missing argument to '-tp='"},
		{[]string{"-Msafeptr=", "x.c"}, "accc: error: missing argument to '-Msafeptr='"},
		{[]string{"-Msafeptr=bogus", "x.c"}, "accc: error: unknown -Msafeptr sub-option 'bogus' (want all, arg, auto, dummy, local, static, global)"},
		{[]string{"-gpu", "x.c"}, "accc: error: missing argument to '-gpu='"},
		{[]string{"-gpu=", "x.c"}, "accc: error: missing argument to '-gpu='"},
		{[]string{"-gpu=ccall", "x.c"}, "accc: error: 'ccall' is not supported in '-gpu=ccall'; list compute capabilities instead (e.g. -gpu=cc80,cc90)"},
		{[]string{"-gpu=maxregcount", "x.c"}, "accc: error: 'maxregcount' in '-gpu=maxregcount' needs a register count (maxregcount:N, N from 16 to 255)"},
		{[]string{"-gpu=maxregcount:8", "x.c"}, "accc: error: 'maxregcount:8' in '-gpu=maxregcount:8' needs a register count (maxregcount:N, N from 16 to 255)"},
		{[]string{"-gpu=cc9", "x.c"}, "accc: error: unknown GPU sub-option 'cc9' in '-gpu=cc9' (want ccNN, e.g. cc90)"},
		{[]string{"-gpu=sm_90", "x.c"}, "accc: error: unknown GPU sub-option 'sm_90' in '-gpu=sm_90' (want ccNN, e.g. cc90)"},
		{[]string{"-Minfo=", "x.c"}, "accc: error: missing argument to '-Minfo='"},
		{[]string{"-Minfo=accel,bogus", "x.c"}, "accc: error: unknown -Minfo family 'bogus' (want acc, accel, all, ccff, data, inline, intensity, ipa, loop, lre, mp, opt, par, pfo, stat, stdpar, time, unroll, vect)"},
		{[]string{"-Mneginfo=bogus", "x.c"}, "accc: error: unknown -Mneginfo family 'bogus' (want acc, accel, all, ccff, data, inline, intensity, ipa, loop, lre, mp, opt, par, pfo, stat, stdpar, time, unroll, vect, concur)"},
		{[]string{"-Minfo=concur", "x.c"}, "accc: error: unknown -Minfo family 'concur' (want acc, accel, all, ccff, data, inline, intensity, ipa, loop, lre, mp, opt, par, pfo, stat, stdpar, time, unroll, vect)"},
		{[]string{"-Mbogus", "x.c"}, "accc: error: PGI option '-Mbogus' is not supported " + pgiSupported},
		{[]string{"-Mcuda", "x.c"}, "accc: error: PGI option '-Mcuda' is not supported " + pgiSupported},
		{[]string{"-Mlarge_arrays=yes", "x.c"}, "accc: error: PGI option '-Mlarge_arrays=yes' is not supported " + pgiSupported},
	}
	for _, tt := range tests {
		_, err := parseArgs(tt.args)
		if err == nil {
			t.Errorf("parseArgs(%q) succeeded, want error %q", tt.args, tt.want)
			continue
		}
		var cl *cmdlineError
		if !errors.As(err, &cl) {
			t.Errorf("parseArgs(%q) error %T %v, want a *cmdlineError", tt.args, err, err)
		}
		if err.Error() != tt.want {
			t.Errorf("parseArgs(%q) error\n got %s\nwant %s", tt.args, err, tt.want)
		}
	}
}

func TestParseArgsRequests(t *testing.T) {
	tests := []struct {
		args []string
		want error
	}{
		{[]string{"--help"}, errHelp},
		{[]string{"-h"}, errHelp},
		{[]string{"-c", "--help", "x.c"}, errHelp},
		{[]string{"--version"}, errVersion},
		{[]string{"-V", "x.c"}, errVersion},
		{[]string{"-dumpversion"}, errDumpVersion},
		{[]string{"-dumpmachine"}, hostQuery{"-dumpmachine"}},
		{[]string{"-O2", "-print-file-name=libgcc.a"}, hostQuery{"-print-file-name=libgcc.a"}},
		{[]string{"-print-search-dirs"}, hostQuery{"-print-search-dirs"}},
	}
	for _, tt := range tests {
		if _, err := parseArgs(tt.args); err != tt.want {
			t.Errorf("parseArgs(%q) = %v, want %v", tt.args, err, tt.want)
		}
	}
}

// fakeRun records the configuration it is given and returns code.
type fakeRun struct {
	cfg   *driver.Config
	calls int
	code  int
}

func (f *fakeRun) run(cfg *driver.Config, stdout, stderr io.Writer) int {
	f.cfg = cfg
	f.calls++
	io.WriteString(stderr, "ran\n")
	return f.code
}

func TestCommands(t *testing.T) {
	version := "accc version " + driver.Version + " (" + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + ")\n"
	tests := []struct {
		name       string
		args       []string
		runCode    int
		infoErr    error
		wantCode   int
		wantRuns   int
		wantStdout string // "" means empty; "usage" means usageText
		wantStderr string // substring; "" means empty
	}{
		{name: "compile", args: []string{"-acc", "x.c"}, wantRuns: 1, wantStderr: "ran\n"},
		{name: "driver status passes through", args: []string{"x.c"}, runCode: 1, wantCode: 1, wantRuns: 1, wantStderr: "ran\n"},
		{name: "version", args: []string{"version"}, wantStdout: version},
		{name: "version with an argument", args: []string{"version", "x"}, wantCode: 2,
			wantStderr: "accc: error: unknown command \"x\" for \"accc version\"\n"},
		{name: "--version", args: []string{"--version"}, wantStdout: version},
		{name: "-dumpversion", args: []string{"-dumpversion"}, wantStdout: driver.Version + "\n"},
		{name: "-v alone", args: []string{"-v"}, wantStderr: version},
		{name: "info", args: []string{"info"}, wantStdout: "INFO\n"},
		{name: "info fails", args: []string{"info"}, infoErr: errors.New("no CUDA toolkit found"), wantCode: 1,
			wantStdout: "INFO\n", wantStderr: "accc: error: no CUDA toolkit found\n"},
		{name: "info after an option is a file", args: []string{"-O2", "info"}, wantRuns: 1, wantStderr: "ran\n"},
		{name: "info as a later argument is a file", args: []string{"x.c", "info"}, wantRuns: 1, wantStderr: "ran\n"},
		{name: "-o info", args: []string{"-o", "info", "x.c"}, wantRuns: 1, wantStderr: "ran\n"},
		{name: "help", args: []string{"help"}, wantStdout: "usage"},
		{name: "--help", args: []string{"--help"}, wantStdout: "usage"},
		{name: "-h", args: []string{"-h"}, wantStdout: "usage"},
		{name: "help version", args: []string{"help", "version"}, wantStdout: "Print accc's version"},
		{name: "-- -h is a file", args: []string{"--", "-h"}, wantRuns: 1, wantStderr: "ran\n"},
		{name: "no input files", args: nil, wantCode: 2,
			wantStderr: "accc: fatal error: no input files\ncompilation terminated.\n"},
		{name: "unrecognized", args: []string{"-bogus", "x.c"}, wantCode: 2,
			wantStderr: "accc: error: unrecognized command-line option '-bogus'\n"},
		{name: "-Minfo=accel reaches parseArgs", args: []string{"-Minfo=accel", "x.c"}, wantRuns: 1, wantStderr: "ran\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeRun{code: tt.runCode}
			info := func(w io.Writer) error {
				io.WriteString(w, "INFO\n")
				return tt.infoErr
			}
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr, f.run, info)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.wantCode, stderr.String())
			}
			if f.calls != tt.wantRuns {
				t.Errorf("driver ran %d times, want %d", f.calls, tt.wantRuns)
			}
			switch tt.wantStdout {
			case "usage":
				if stdout.String() != usageText {
					t.Errorf("stdout is not the usage text:\n%s", stdout.String())
				}
			case "":
				if stdout.Len() != 0 {
					t.Errorf("stdout %q, want nothing", stdout.String())
				}
			default:
				if !strings.Contains(stdout.String(), tt.wantStdout) {
					t.Errorf("stdout %q, want it to contain %q", stdout.String(), tt.wantStdout)
				}
			}
			if tt.wantStderr == "" && stderr.Len() != 0 || !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.wantStderr)
			}
		})
	}
}

func TestCommandsPassConfig(t *testing.T) {
	f := &fakeRun{}
	var stdout, stderr bytes.Buffer
	args := []string{"-acc=multicore", "-Minfo=accel", "-I", "inc", "-c", "x.c"}
	if code := run(args, &stdout, &stderr, f.run, nil); code != 0 {
		t.Fatalf("exit status %d; stderr %q", code, stderr.String())
	}
	want := cfg(func(c *driver.Config) {
		c.ACC, c.Target, c.Minfo = true, driver.TargetMulticore, []string{"accel"}
		c.IncludeDirs, c.Mode = []string{"inc"}, driver.ModeCompile
	})
	if !reflect.DeepEqual(f.cfg, want) {
		t.Errorf("driver got %+v\nwant %+v", *f.cfg, *want)
	}
}

func TestInternalCompilerError(t *testing.T) {
	panics := func(*driver.Config, io.Writer, io.Writer) int { panic("boom") }
	for _, debug := range []string{"", "1"} {
		t.Setenv("ACCC_DEBUG", debug)
		var stdout, stderr bytes.Buffer
		code := run([]string{"x.c"}, &stdout, &stderr, panics, nil)
		if code != exitInternal {
			t.Errorf("ACCC_DEBUG=%q: exit status %d, want %d", debug, code, exitInternal)
		}
		msg := stderr.String()
		if !strings.HasPrefix(msg, "accc: internal compiler error: boom\n") {
			t.Errorf("ACCC_DEBUG=%q: stderr %q", debug, msg)
		}
		if hasStack := strings.Contains(msg, "goroutine "); hasStack != (debug == "1") {
			t.Errorf("ACCC_DEBUG=%q: stack printed = %v:\n%s", debug, hasStack, msg)
		}
	}
}

func TestRootArgs(t *testing.T) {
	tests := []struct{ in, want []string }{
		{nil, []string{"--"}},
		{[]string{"version"}, []string{"version"}},
		{[]string{"info"}, []string{"info"}},
		{[]string{"help", "info"}, []string{"help", "info"}},
		{[]string{"-O2", "info"}, []string{"--", "-O2", "info"}},
		{[]string{"--", "x.c"}, []string{"--", "--", "x.c"}},
	}
	for _, tt := range tests {
		if got := rootArgs(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("rootArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestUsageMentionsEveryOption keeps usageText, the flag reference, complete.
func TestUsageMentionsEveryOption(t *testing.T) {
	for _, opt := range []string{
		"-x c", "--", "-l NAME", "-c", "-o FILE", "-E", "-fsyntax-only", "--emit=source", "--keep", "-keep", "-S",
		"-acc", "-acc=TARGET", "-noacc", "-fopenacc", "-ta=tesla", "-ta=nvidia", "-ta=multicore", "-ta=host",
		"-gpu=ccNN", "-Minfo", "-Mneginfo", "-I DIR", "-isystem", "-idirafter", "-D NAME", "-U NAME",
		"-include", "-std=", "-ansi", "-c99", "-M,", "-MM", "-MD", "-MMD", "-MF", "-MT", "-MQ", "-MP", "-MG",
		"-O,", "-Os", "-Ofast", "-fast", "-g,", "-g3", "-ggdb", "-w ", "-Wall", "-Werror", "-pedantic",
		"-fmax-errors=N", "-ferror-limit=N", "-f...", "-m...", "-mp", "-pthread", "-Wa,", "-L DIR", "-Wl,",
		"-Xlinker", "-static", "-shared", "-v ", "-###", "--diag-format=", "--dump-ir=PASS", "--help", "-h", "--version",
		"-V", "-dumpversion", "version", "info", "help",
		"-Msafeptr", "-Mnosafeptr", "-Mlarge_arrays", "-Mschar", "-Muchar", "-Mvect", "-Munroll", "-Minline",
		"-Mfprelaxed", "-mp=multicore", "-mp=gpu", "-tp=host", "gpu,multicore", "-mcmodel=medium", "managed",
	} {
		if !strings.Contains(usageText, opt) {
			t.Errorf("usageText does not mention %q", opt)
		}
	}
	for i, line := range strings.Split(usageText, "\n") {
		if len(line) > 100 {
			t.Errorf("usageText line %d is %d characters long", i+1, len(line))
		}
	}
}

// TestFlagsDocInSync keeps docs/flags.md equal to the --help text.
func TestFlagsDocInSync(t *testing.T) {
	doc, err := os.ReadFile("../../docs/flags.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "```\n"+usageText+"```\n") {
		t.Error("docs/flags.md is out of date: regenerate it from `accc --help` (see its first lines)")
	}
}

// TestHostQueries checks that accc answers the toolchain questions build
// systems ask (CMake: -dumpmachine; libtool: -print-search-dirs,
// -print-file-name=) with the host compiler's answers.
func TestHostQueries(t *testing.T) {
	cc, err := driver.FindCC()
	if err != nil {
		t.Skip(err)
	}
	for _, q := range []string{"-dumpmachine", "-print-file-name=libgcc.a", "-print-search-dirs", "-print-prog-name=ld"} {
		want, err := exec.Command(cc[0], append(cc[1:], q)...).Output()
		if err != nil {
			t.Fatalf("%s %s: %v", cc, q, err)
		}
		var stdout, stderr bytes.Buffer
		if code := run([]string{q}, &stdout, &stderr, nil, nil); code != 0 || stdout.String() != string(want) {
			t.Errorf("accc %s: status %d, stdout %q, want %q (stderr %q)", q, code, stdout.String(), want, stderr.String())
		}
	}
}
