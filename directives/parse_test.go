package directives

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
)

// pragmaPos is where tests place the directive text: as if it followed
// "#pragma " on line 1 of t.c, so "acc" is at t.c:1:9 and every token's
// column is 9 plus its byte offset in the test string.
var pragmaPos = diag.Pos{File: "t.c", Line: 1, Col: 9}

// parse scans and parses src at pragmaPos and renders the diagnostics as
// "file:line:col: severity: msg", one per line, in position order.
func parse(src string, opts *Options) (*Directive, string) {
	var l diag.List
	toks := Scan(src, pragmaPos, &l)
	var d *Directive
	if !l.HasErrors() { // a bad token would only cause follow-on errors
		d = Parse(toks, &l, opts)
	}
	var lines []string
	for _, x := range l.Sorted() {
		lines = append(lines, x.String())
	}
	return d, strings.Join(lines, "\n")
}

// expectParse checks that src parses without diagnostics and prints as want.
func expectParse(t *testing.T, src, want string) {
	t.Helper()
	d, diags := parse(src, nil)
	if diags != "" || d == nil {
		t.Errorf("%s: unexpected diagnostics:\n%s", src, diags)
		return
	}
	if got := d.String(); got != want {
		t.Errorf("%s:\n got %s\nwant %s", src, got, want)
	}
}

// expectParseWarn checks that src parses, prints as want, and reports
// exactly the diagnostics diags.
func expectParseWarn(t *testing.T, src, want, diags string) {
	t.Helper()
	d, got := parse(src, nil)
	if got != diags {
		t.Errorf("%s: diagnostics:\n got %s\nwant %s", src, got, diags)
	}
	if d == nil {
		t.Errorf("%s: no directive", src)
		return
	}
	if s := d.String(); s != want {
		t.Errorf("%s:\n got %s\nwant %s", src, s, want)
	}
}

// expectParseError checks that src is rejected with exactly the
// diagnostics want ("t.c:1:COL: error: msg", newline-separated).
func expectParseError(t *testing.T, src, want string) {
	t.Helper()
	d, got := parse(src, nil)
	if got != want {
		t.Errorf("%s: diagnostics:\n got %s\nwant %s", src, got, want)
	}
	if d != nil && strings.Contains(want, ": error: ") {
		t.Errorf("%s: got directive %s despite errors", src, d)
	}
}

func TestParseCompute(t *testing.T) {
	expectParse(t, "acc parallel", "parallel")
	expectParse(t, "acc serial", "serial")
	expectParse(t, "acc kernels", "kernels")
	expectParse(t, "acc parallel async", "parallel async")
	expectParse(t, "acc parallel async(2)", "parallel async(2)")
	expectParse(t, "acc parallel async(acc_async_noval)", "parallel async(acc_async_noval)")
	expectParse(t, "acc parallel wait", "parallel wait")
	expectParse(t, "acc parallel wait(1, 2)", "parallel wait(1, 2)")
	expectParse(t, "acc parallel wait(devnum:0:queues:1,q)", "parallel wait(devnum:0:queues:1, q)")
	expectParse(t, "acc parallel wait(devnum:d:3)", "parallel wait(devnum:d:3)")
	expectParse(t, "acc parallel wait(queues:4)", "parallel wait(queues:4)")
	expectParse(t, "acc parallel num_gangs(100)", "parallel num_gangs(100)")
	expectParse(t, "acc parallel num_gangs(4, 8, 2)", "parallel num_gangs(4, 8, 2)")
	expectParse(t, "acc parallel num_gangs(0x1E - 1)", "parallel num_gangs(0x1E -1)") // not the pp-number "0x1E-1"
	expectParse(t, "acc parallel num_gangs(1 - -n)", "parallel num_gangs(1- -n)")
	expectParse(t, "acc parallel num_workers(8) vector_length(128)", "parallel num_workers(8) vector_length(128)")
	expectParse(t, "acc kernels num_gangs(n/128)", "kernels num_gangs(n/128)")
	expectParse(t, "acc parallel if(n > 1000)", "parallel if(n>1000)")
	expectParse(t, "acc parallel self", "parallel self")
	expectParse(t, "acc parallel self(on_host)", "parallel self(on_host)")
	expectParse(t, "acc kernels self(!use_gpu)", "kernels self(!use_gpu)")
	expectParse(t, "acc serial self(x == 0)", "serial self(x==0)")
	expectParse(t, "acc parallel default(none)", "parallel default(none)")
	expectParse(t, "acc kernels default(present)", "kernels default(present)")
	expectParse(t, "acc serial default(none) firstprivate(x)", "serial default(none) firstprivate(x)")
	expectParse(t, "acc parallel private(a, b) firstprivate(c)", "parallel private(a, b) firstprivate(c)")
	expectParse(t, "acc parallel reduction(+:sum)", "parallel reduction(+:sum)")
	expectParse(t, "acc serial reduction(*:prod)", "serial reduction(*:prod)")
	expectParse(t, "acc parallel reduction(max:m) reduction(min:n)", "parallel reduction(max:m) reduction(min:n)")
	expectParse(t, "acc parallel reduction(&:mask) reduction(|:bits) reduction(^:x)", "parallel reduction(&:mask) reduction(|:bits) reduction(^:x)")
	expectParse(t, "acc parallel reduction(&&:all) reduction(||:any)", "parallel reduction(&&:all) reduction(||:any)")
	expectParse(t, "acc parallel reduction(+:a[0:n], s.x)", "parallel reduction(+:a[0:n], s.x)")
	expectParse(t, "acc parallel copy(a), copyin(b)", "parallel copy(a) copyin(b)")
	expectParse(t, "acc parallel copy(a[0:n]) copyin(b[0:n]) copyout(c[0:n]) create(d[0:n])", "parallel copy(a[0:n]) copyin(b[0:n]) copyout(c[0:n]) create(d[0:n])")
	expectParse(t, "acc kernels no_create(a) present(b) deviceptr(p) attach(s.ptr)", "kernels no_create(a) present(b) deviceptr(p) attach(s.ptr)")
	expectParse(t, "acc serial copyin(x) copyout(y)", "serial copyin(x) copyout(y)")
	expectParse(t, "acc parallel device_type(nvidia) num_gangs(200) device_type(*) num_gangs(100)",
		"parallel device_type(nvidia) num_gangs(200) device_type(*) num_gangs(100)")
	expectParse(t, "acc kernels dtype(nvidia, host) async(1) wait(2)", "kernels device_type(nvidia, host) async(1) wait(2)")
	expectParse(t, "acc parallel num_gangs(2) device_type(nvidia) num_gangs(4)", "parallel num_gangs(2) device_type(nvidia) num_gangs(4)")
	expectParse(t, "acc serial device_type(multicore) async", "serial device_type(multicore) async")
	expectParse(t, "acc kernels vector_length(VL) num_workers(NW)", "kernels vector_length(VL) num_workers(NW)")
}

func TestParseDataClauses(t *testing.T) {
	expectParse(t, "acc data copy(a)", "data copy(a)")
	expectParse(t, "acc data pcopy(a)", "data copy(a)")
	expectParse(t, "acc data present_or_copy(a)", "data copy(a)")
	expectParse(t, "acc data pcopyin(a[0:n])", "data copyin(a[0:n])")
	expectParse(t, "acc data present_or_copyin(a)", "data copyin(a)")
	expectParse(t, "acc data pcopyout(a)", "data copyout(a)")
	expectParse(t, "acc data present_or_copyout(a)", "data copyout(a)")
	expectParse(t, "acc data pcreate(a)", "data create(a)")
	expectParse(t, "acc data present_or_create(a)", "data create(a)")
	expectParse(t, "acc data copy(always:a)", "data copy(always:a)")
	expectParse(t, "acc data copy(alwaysin:a)", "data copy(alwaysin:a)")
	expectParse(t, "acc data copy(alwaysout:a)", "data copy(alwaysout:a)")
	expectParse(t, "acc data copy(always, capture: a)", "data copy(always,capture:a)")
	expectParse(t, "acc data copyin(readonly: a[0:n])", "data copyin(readonly:a[0:n])")
	expectParse(t, "acc data copyin(readonly, alwaysin: a)", "data copyin(alwaysin,readonly:a)")
	expectParse(t, "acc data copyin(always: a)", "data copyin(always:a)")
	expectParse(t, "acc data copyin(capture: a)", "data copyin(capture:a)")
	expectParse(t, "acc data copyout(zero: a)", "data copyout(zero:a)")
	expectParse(t, "acc data copyout(always, alwaysout: a)", "data copyout(always,alwaysout:a)")
	expectParse(t, "acc data create(zero: a)", "data create(zero:a)")
	expectParse(t, "acc data create(capture: a)", "data create(capture:a)")
	expectParse(t, "acc data copyin(zero)", "data copyin(zero)")
	expectParse(t, "acc data copyin(readonly, always)", "data copyin(readonly, always)")
	expectParse(t, "acc data no_create(a)", "data no_create(a)")
	expectParse(t, "acc data present(a, b, c)", "data present(a, b, c)")
	expectParse(t, "acc data deviceptr(d_a)", "data deviceptr(d_a)")
	expectParse(t, "acc data attach(p->next)", "data attach(p->next)")
	expectParse(t, "acc data default(none) copy(a)", "data default(none) copy(a)")
	expectParse(t, "acc data default(present)", "data default(present)")
	expectParse(t, "acc data if(use) copyin(a) async(1) wait(0)", "data if(use) copyin(a) async(1) wait(0)")
	expectParse(t, "acc data copy(a) device_type(nvidia) async(3)", "data copy(a) device_type(nvidia) async(3)")
	expectParse(t, "acc data copy(temp_prev[:][:])", "data copy(temp_prev[:][:])")
	expectParse(t, "acc data copy(a[1:n-2][0:m])", "data copy(a[1:n-2][0:m])")
	expectParse(t, "acc data copy(a[i][0:m])", "data copy(a[i][0:m])")
	expectParse(t, "acc data copy(a[0:n][0:m][0:k][0:l])", "data copy(a[0:n][0:m][0:k][0:l])")
	expectParse(t, "acc data copy(a[lo:])", "data copy(a[lo:])")
	expectParse(t, "acc data copy(s.data[0:s.n])", "data copy(s.data[0:s.n])")
	expectParse(t, "acc data copy(p->v[0:p->n])", "data copy(p->v[0:p->n])")
	expectParse(t, "acc data copy(m[(i+1)*n:n])", "data copy(m[(i+1)*n:n])")
	expectParse(t, "acc data copy(a[f(i):g(n, 2)])", "data copy(a[f(i):g(n, 2)])")
	expectParse(t, "acc data copyin(a[0:n]) \\\n copyout(b[0:n])", "data copyin(a[0:n]) copyout(b[0:n])")
	expectParse(t, "acc data copyin(a /* input */) // trailing", "data copyin(a)")
	expectParse(t, "acc enter data copyin(a[0:n])", "enter data copyin(a[0:n])")
	expectParse(t, "acc enter data create(a) async wait(1)", "enter data create(a) async wait(1)")
	expectParse(t, "acc enter data pcreate(b) if(n)", "enter data create(b) if(n)")
	expectParse(t, "acc enter data attach(s.p)", "enter data attach(s.p)")
	expectParse(t, "acc enter data copyin(readonly:a)", "enter data copyin(readonly:a)")
	expectParse(t, "acc exit data copyout(a[0:n])", "exit data copyout(a[0:n])")
	expectParse(t, "acc exit data delete(a) finalize", "exit data delete(a) finalize")
	expectParse(t, "acc exit data detach(s.p) async(2) wait", "exit data detach(s.p) async(2) wait")
	expectParse(t, "acc exit data copyout(zero:a) if(flag)", "exit data copyout(zero:a) if(flag)")
	expectParse(t, "acc host_data use_device(a)", "host_data use_device(a)")
	expectParse(t, "acc host_data use_device(a, b) if(gpu) if_present", "host_data use_device(a, b) if(gpu) if_present")
}

func TestParseLoop(t *testing.T) {
	expectParse(t, "acc loop", "loop")
	expectParse(t, "acc loop gang", "loop gang")
	expectParse(t, "acc loop worker", "loop worker")
	expectParse(t, "acc loop vector", "loop vector")
	expectParse(t, "acc loop gang worker vector", "loop gang worker vector")
	expectParse(t, "acc loop seq", "loop seq")
	expectParse(t, "acc loop auto", "loop auto")
	expectParse(t, "acc loop independent", "loop independent")
	expectParse(t, "acc loop gang(32)", "loop gang(num:32)")
	expectParse(t, "acc loop gang(num:32)", "loop gang(num:32)")
	expectParse(t, "acc loop gang(static:*)", "loop gang(static:*)")
	expectParse(t, "acc loop gang(static:4)", "loop gang(static:4)")
	expectParse(t, "acc loop gang(dim:2)", "loop gang(dim:2)")
	expectParse(t, "acc loop gang(num:n, static:*)", "loop gang(num:n, static:*)")
	expectParse(t, "acc loop gang(dim:1, static:chunk)", "loop gang(dim:1, static:chunk)")
	expectParse(t, "acc loop worker(4)", "loop worker(4)")
	expectParse(t, "acc loop worker(num:4)", "loop worker(4)")
	expectParse(t, "acc loop vector(128)", "loop vector(128)")
	expectParse(t, "acc loop vector(length:128)", "loop vector(128)")
	expectParse(t, "acc loop collapse(2)", "loop collapse(2)")
	expectParse(t, "acc loop collapse(force:3)", "loop collapse(force:3)")
	expectParse(t, "acc loop tile(32, 4)", "loop tile(32, 4)")
	expectParse(t, "acc loop tile(*, *)", "loop tile(*, *)")
	expectParse(t, "acc loop tile(8, *, N)", "loop tile(8, *, N)")
	expectParse(t, "acc loop private(tmp) reduction(+:sum)", "loop private(tmp) reduction(+:sum)")
	expectParse(t, "acc loop device_type(nvidia) vector(256) device_type(host) seq", "loop device_type(nvidia) vector(256) device_type(host) seq")
	expectParse(t, "acc loop gang device_type(nvidia) collapse(2) tile(4)", "loop gang device_type(nvidia) collapse(2) tile(4)")
	expectParse(t, "acc loop independent device_type(host) seq", "loop independent device_type(host) seq")
	expectParse(t, "acc loop gang, vector(128) collapse(2)", "loop gang vector(128) collapse(2)")
	expectParse(t, "acc loop private(i), independent", "loop private(i) independent")
	expectParse(t, "acc parallel loop", "parallel loop")
	expectParse(t, "acc parallel loop collapse(2) reduction(max:worst_dt)", "parallel loop collapse(2) reduction(max:worst_dt)")
	expectParse(t, "acc parallel loop copyin(x[0:n]) copy(y[0:n])", "parallel loop copyin(x[0:n]) copy(y[0:n])")
	expectParse(t, "acc parallel loop gang vector num_gangs(8) vector_length(64)", "parallel loop gang vector num_gangs(8) vector_length(64)")
	expectParse(t, "acc parallel loop gang(static:*) worker vector", "parallel loop gang(static:*) worker vector")
	expectParse(t, "acc parallel loop gang(dim:1)", "parallel loop gang(dim:1)")
	expectParse(t, "acc parallel loop private(t) firstprivate(f) async(1)", "parallel loop private(t) firstprivate(f) async(1)")
	expectParse(t, "acc parallel loop device_type(nvidia) num_gangs(64) gang", "parallel loop device_type(nvidia) num_gangs(64) gang")
	expectParse(t, "acc kernels loop", "kernels loop")
	expectParse(t, "acc kernels loop independent", "kernels loop independent")
	expectParse(t, "acc kernels loop gang(32) worker(4) vector(32)", "kernels loop gang(num:32) worker(4) vector(32)")
	expectParse(t, "acc kernels loop reduction(+:s) copyin(a[0:n])", "kernels loop reduction(+:s) copyin(a[0:n])")
	expectParse(t, "acc kernels loop private(i), independent", "kernels loop private(i) independent")
	expectParse(t, "acc serial loop", "serial loop")
	expectParse(t, "acc serial loop reduction(+:x) collapse(2)", "serial loop reduction(+:x) collapse(2)")
	expectParse(t, "acc serial loop tile(4, 4) async", "serial loop tile(4, 4) async")
	expectParse(t, "acc loop auto gang(static:1)", "loop auto gang(static:1)")
}

func TestParseOther(t *testing.T) {
	expectParse(t, "acc cache(a[i-1:3])", "cache(a[i-1:3])")
	expectParse(t, "acc cache(readonly: a[i:2], b[j][0:4])", "cache(readonly:a[i:2], b[j][0:4])")
	expectParse(t, "acc cache(x)", "cache(x)")
	expectParse(t, "acc atomic", "atomic update")
	expectParse(t, "acc atomic update", "atomic update")
	expectParse(t, "acc atomic read", "atomic read")
	expectParse(t, "acc atomic write", "atomic write")
	expectParse(t, "acc atomic capture", "atomic capture")
	expectParse(t, "acc atomic capture if(use_atomic)", "atomic capture if(use_atomic)")
	expectParse(t, "acc atomic if(x)", "atomic update if(x)")
	expectParse(t, "acc declare copyin(table)", "declare copyin(table)")
	expectParse(t, "acc declare create(buf[0:N]) device_resident(d)", "declare create(buf[0:N]) device_resident(d)")
	expectParse(t, "acc declare link(big)", "declare link(big)")
	expectParse(t, "acc declare copy(a) copyout(b) present(c) deviceptr(p) pcreate(e)", "declare copy(a) copyout(b) present(c) deviceptr(p) create(e)")
	expectParse(t, "acc init", "init")
	expectParse(t, "acc init device_type(nvidia)", "init device_type(nvidia)")
	expectParse(t, "acc init device_num(1) if(ok)", "init device_num(1) if(ok)")
	expectParse(t, "acc init device_type(nvidia) device_type(host)", "init device_type(nvidia) device_type(host)")
	expectParse(t, "acc shutdown", "shutdown")
	expectParse(t, "acc shutdown device_type(nvidia) device_num(0)", "shutdown device_type(nvidia) device_num(0)")
	expectParse(t, "acc set device_num(rank % ngpus)", "set device_num(rank%ngpus)")
	expectParse(t, "acc set default_async(2)", "set default_async(2)")
	expectParse(t, "acc set device_type(nvidia) device_num(0) if(x)", "set device_type(nvidia) device_num(0) if(x)")
	expectParse(t, "acc set dtype(host)", "set device_type(host)")
	expectParse(t, "acc update host(a[0:n])", "update host(a[0:n])")
	expectParse(t, "acc update self(a[0:n])", "update self(a[0:n])")
	expectParse(t, "acc update device(a[0:n], b)", "update device(a[0:n], b)")
	expectParse(t, "acc update self(a) device(b) if_present", "update self(a) device(b) if_present")
	expectParse(t, "acc update host(x) async(1) wait(0) if(n)", "update host(x) async(1) wait(0) if(n)")
	expectParse(t, "acc update device(a) device_type(nvidia) async(2)", "update device(a) device_type(nvidia) async(2)")
	expectParse(t, "acc wait", "wait")
	expectParse(t, "acc wait(1)", "wait(1)")
	expectParse(t, "acc wait(1, 2) async(3)", "wait(1, 2) async(3)")
	expectParse(t, "acc wait(devnum:1:queues:2)", "wait(devnum:1:queues:2)")
	expectParse(t, "acc wait async", "wait async")
	expectParse(t, "acc wait if(n > 0)", "wait if(n>0)")
	expectParse(t, "acc routine seq", "routine seq")
	expectParse(t, "acc routine vector", "routine vector")
	expectParse(t, "acc routine worker", "routine worker")
	expectParse(t, "acc routine gang", "routine gang")
	expectParse(t, "acc routine gang(dim:2)", "routine gang(dim:2)")
	expectParse(t, "acc routine(saxpy) seq", "routine(saxpy) seq")
	expectParse(t, "acc routine seq bind(dev_f)", "routine seq bind(dev_f)")
	expectParse(t, `acc routine vector bind("cuda_f")`, `routine vector bind("cuda_f")`)
	expectParse(t, "acc routine seq nohost", "routine seq nohost")
	expectParse(t, "acc routine device_type(nvidia) vector device_type(host) seq", "routine device_type(nvidia) vector device_type(host) seq")
}

func TestParseExpressions(t *testing.T) {
	expectParse(t, "acc parallel num_gangs(1e3 > 5 ? 0x1fUL : 07)", "parallel num_gangs(1e3>5 ? 0x1fUL : 07)")
	expectParse(t, "acc parallel num_gangs((int)1.5f)", "parallel num_gangs((int)1.5f)")
	expectParse(t, "acc parallel num_gangs((unsigned long)n * sizeof(double))", "parallel num_gangs((unsigned long)n*sizeof(double))")
	expectParse(t, "acc parallel num_gangs(sizeof x / sizeof x[0])", "parallel num_gangs(sizeof x/sizeof x[0])")
	expectParse(t, "acc parallel num_gangs(- -n)", "parallel num_gangs(- -n)")
	expectParse(t, "acc parallel num_gangs(a - -b)", "parallel num_gangs(a- -b)")
	expectParse(t, "acc parallel num_gangs(a + ++b)", "parallel num_gangs(a+ ++b)")
	expectParse(t, "acc parallel num_gangs(a / *p)", "parallel num_gangs(a/ *p)")
	expectParse(t, "acc parallel num_gangs(~m & 0xff | 1 << 4 ^ 2)", "parallel num_gangs(~m&0xff|1<<4^2)")
	expectParse(t, "acc parallel num_gangs(a[i].n->k)", "parallel num_gangs(a[i].n->k)")
	expectParse(t, "acc parallel num_gangs(f())", "parallel num_gangs(f())")
	expectParse(t, "acc parallel num_gangs('a' + L'b')", "parallel num_gangs('a'+L'b')")
	expectParse(t, "acc parallel num_gangs(x++ + y--)", "parallel num_gangs(x++ +y--)")
	expectParse(t, "acc parallel num_gangs(a ? b : c ? d : e)", "parallel num_gangs(a ? b : c ? d : e)")
	expectParse(t, "acc parallel num_gangs((struct s *)p != 0)", "parallel num_gangs((struct s *)p!=0)")
	expectParse(t, "acc parallel num_gangs(n <= m && m >= k || !z)", "parallel num_gangs(n<=m&&m>=k||!z)")
	expectParse(t, "acc parallel num_gangs(&a[0] == p)", "parallel num_gangs(&a[0]==p)")
	expectParse(t, "acc parallel num_gangs(n %  2 == 0)", "parallel num_gangs(n%2==0)")
	expectParse(t, "acc parallel num_gangs(1.5e-3 < .5)", "parallel num_gangs(1.5e-3<.5)")
	expectParse(t, "acc parallel num_gangs(n >> 1)", "parallel num_gangs(n>>1)")
}

func TestParseLegacy(t *testing.T) {
	expectParseWarn(t, "acc region copy(grid[0:dim+1][0:dim+1]) local(newGrid[0:dim+1][0:dim+1])",
		"kernels copy(grid[0:dim+2][0:dim+2]) create(newGrid[0:dim+2][0:dim+2])",
		"t.c:1:13: warning: PGI Accelerator directive 'region' is deprecated; translated to 'kernels'\n"+
			"t.c:1:49: warning: PGI Accelerator clause 'local' is deprecated; translated to 'create'")
	expectParseWarn(t, "acc data region copy(grid[0:dim+1][0:dim+1]) local(newGrid[0:dim+1][0:dim+1])",
		"data copy(grid[0:dim+2][0:dim+2]) create(newGrid[0:dim+2][0:dim+2])",
		"t.c:1:13: warning: PGI Accelerator directive 'data region' is deprecated; translated to 'data'\n"+
			"t.c:1:54: warning: PGI Accelerator clause 'local' is deprecated; translated to 'create'")
	expectParseWarn(t, "acc region", "kernels",
		"t.c:1:13: warning: PGI Accelerator directive 'region' is deprecated; translated to 'kernels'")
	expectParseWarn(t, "acc region copyin(a[1:n]) copyout(b[2:9]) copy(c[0:n-1])",
		"kernels copyin(a[1:n]) copyout(b[2:8]) copy(c[0:n])",
		"t.c:1:13: warning: PGI Accelerator directive 'region' is deprecated; translated to 'kernels'")
	expectParseWarn(t, "acc region copy(a[i:j])", "kernels copy(a[i:j-i+1])",
		"t.c:1:13: warning: PGI Accelerator directive 'region' is deprecated; translated to 'kernels'")
	expectParseWarn(t, "acc for parallel, vector(16)", "loop gang vector(16)",
		"t.c:1:13: warning: PGI Accelerator directive 'for' is deprecated; translated to 'loop'\n"+
			"t.c:1:17: warning: PGI Accelerator clause 'parallel' is deprecated; translated to 'gang'")
	expectParseWarn(t, "acc for parallel(8) independent private(t)", "loop gang(num:8) independent private(t)",
		"t.c:1:13: warning: PGI Accelerator directive 'for' is deprecated; translated to 'loop'\n"+
			"t.c:1:17: warning: PGI Accelerator clause 'parallel' is deprecated; translated to 'gang'")
	expectParseWarn(t, "acc for host unroll(4)", "loop seq",
		"t.c:1:13: warning: PGI Accelerator directive 'for' is deprecated; translated to 'loop'\n"+
			"t.c:1:17: warning: PGI Accelerator clause 'host' is deprecated; translated to 'seq'\n"+
			"t.c:1:22: warning: PGI Accelerator clause 'unroll' is deprecated and ignored")
	expectParseError(t, "acc for host seq",
		"t.c:1:13: warning: PGI Accelerator directive 'for' is deprecated; translated to 'loop'\n"+
			"t.c:1:17: warning: PGI Accelerator clause 'host' is deprecated; translated to 'seq'\n"+
			"t.c:1:22: error: clause 'seq' may appear at most once on 'for'")
	expectParseWarn(t, "acc for vector(256)", "loop vector(256)",
		"t.c:1:13: warning: PGI Accelerator directive 'for' is deprecated; translated to 'loop'")
}

func TestParseWarnings(t *testing.T) {
	expectParseWarn(t, "acc parallel device_type(sunway) num_gangs(4)", "parallel device_type(sunway) num_gangs(4)",
		"t.c:1:34: warning: unknown device type 'sunway'; clauses for it are ignored")
	// §2.15.1 asks for a level; GCC and Flang take seq with a warning.
	expectParseWarn(t, "acc routine", "routine",
		"t.c:1:13: warning: 'routine' without 'gang', 'worker', 'vector' or 'seq' is taken as 'routine seq'")
	expectParseWarn(t, "acc routine(f) nohost", "routine(f) nohost",
		"t.c:1:13: warning: 'routine' without 'gang', 'worker', 'vector' or 'seq' is taken as 'routine seq'")
}

func TestParseErrors(t *testing.T) {
	expectParseError(t, "acc loop seq independent", "t.c:1:22: error: clauses 'seq' and 'independent' are mutually exclusive")
	expectParseError(t, "acc loop auto seq", "t.c:1:23: error: clauses 'auto' and 'seq' are mutually exclusive")
	expectParseError(t, "acc loop independent auto", "t.c:1:30: error: clauses 'independent' and 'auto' are mutually exclusive")
	expectParseError(t, "acc loop gang seq", "t.c:1:23: error: clauses 'gang' and 'seq' are mutually exclusive")
	expectParseError(t, "acc loop seq vector", "t.c:1:22: error: clauses 'seq' and 'vector' are mutually exclusive")
	expectParseError(t, "acc parallel loop seq worker", "t.c:1:31: error: clauses 'seq' and 'worker' are mutually exclusive")
	expectParseError(t, "acc routine gang seq", "t.c:1:26: error: clauses 'gang' and 'seq' are mutually exclusive")
	expectParseError(t, "acc routine worker vector", "t.c:1:28: error: clauses 'worker' and 'vector' are mutually exclusive")
	expectParseError(t, "acc loop copyin(a)", "t.c:1:18: error: clause 'copyin' is not allowed on 'loop'")
	expectParseError(t, "acc kernels reduction(+:s)", "t.c:1:21: error: clause 'reduction' is not allowed on 'kernels'")
	expectParseError(t, "acc kernels private(x)", "t.c:1:21: error: clause 'private' is not allowed on 'kernels'")
	expectParseError(t, "acc serial num_gangs(4)", "t.c:1:20: error: clause 'num_gangs' is not allowed on 'serial'")
	expectParseError(t, "acc data private(x) copy(a)", "t.c:1:18: error: clause 'private' is not allowed on 'data'")
	expectParseError(t, "acc enter data copyout(a)", "t.c:1:13: error: 'enter data' requires at least one of 'copyin', 'create' or 'attach'\n"+
		"t.c:1:24: error: clause 'copyout' is not allowed on 'enter data'")
	expectParseError(t, "acc exit data copyin(a)", "t.c:1:13: error: 'exit data' requires at least one of 'copyout', 'delete' or 'detach'\n"+
		"t.c:1:23: error: clause 'copyin' is not allowed on 'exit data'")
	expectParseError(t, "acc enter data", "t.c:1:13: error: 'enter data' requires at least one of 'copyin', 'create' or 'attach'")
	expectParseError(t, "acc update", "t.c:1:13: error: 'update' requires at least one of 'self', 'host' or 'device'")
	expectParseError(t, "acc update async(1)", "t.c:1:13: error: 'update' requires at least one of 'self', 'host' or 'device'")
	expectParseError(t, "acc host_data", "t.c:1:13: error: 'host_data' requires a 'use_device' clause")
	expectParseError(t, "acc declare", "t.c:1:13: error: 'declare' requires at least one data clause")
	expectParseError(t, "acc data", "t.c:1:13: error: 'data' requires at least one data clause or 'default'")
	expectParseError(t, "acc set", "t.c:1:13: error: 'set' requires at least one of 'device_type', 'device_num' or 'default_async'")
	expectParseError(t, "acc set device_num(0) device_num(1)", "t.c:1:31: error: clause 'device_num' may appear at most once on 'set'")
	expectParseError(t, "acc parallel if(a) if(b)", "t.c:1:28: error: clause 'if' may appear at most once on 'parallel'")
	expectParseError(t, "acc parallel default(none) default(present)", "t.c:1:36: error: clause 'default' may appear at most once on 'parallel'")
	expectParseError(t, "acc loop collapse(2) collapse(3)", "t.c:1:30: error: clause 'collapse' may appear at most once on 'loop'")
	expectParseError(t, "acc loop copyinn(a)", "t.c:1:18: error: unknown clause 'copyinn'")
	expectParseError(t, "acc parallel reduction(maxx:a)", "t.c:1:32: error: unknown reduction operator 'maxx'")
	expectParseError(t, "acc parallel reduction(-:a)", "t.c:1:32: error: unknown reduction operator '-'")
	expectParseError(t, "acc parallel reduction(+ a)", "t.c:1:34: error: expected ':' after reduction operator")
	expectParseError(t, "acc parallel copyin(a b)", "t.c:1:31: error: expected ')' after clause argument")
	expectParseError(t, "acc parallel copyin(a", "t.c:1:30: error: expected ')' after clause argument")
	expectParseError(t, "acc parallel copyin(a[0:n)", "t.c:1:34: error: expected ']', found ')'")
	expectParseError(t, "acc parallel copyin()", "t.c:1:29: error: expected variable name, found end of argument")
	expectParseError(t, "acc parallel copyin(1+a)", "t.c:1:29: error: expected variable name, found '1'")
	expectParseError(t, "acc parallel copyin", "t.c:1:28: error: expected '(' after 'copyin', found end of directive")
	expectParseError(t, "acc loop seq(1)", "t.c:1:21: error: clause 'seq' takes no argument")
	expectParseError(t, "acc foo", "t.c:1:13: error: unknown OpenACC directive 'foo'")
	expectParseError(t, "acc", "t.c:1:12: error: expected OpenACC directive name after 'acc'")
	expectParseError(t, "acc enter copyin(a)", "t.c:1:19: error: expected 'data' after 'enter', found 'copyin'")
	expectParseError(t, "acc 42", "t.c:1:13: error: expected OpenACC directive name, found '42'")
	expectParseError(t, "acc parallel num_gangs(1, 2, 3, 4)", "t.c:1:41: error: 'num_gangs' takes at most 3 arguments on 'parallel'")
	expectParseError(t, "acc kernels num_gangs(1, 2)", "t.c:1:34: error: 'num_gangs' takes at most 1 argument on 'kernels'")
	expectParseError(t, "acc parallel loop gang(num:4)", "t.c:1:32: error: 'num' argument of 'gang' is not allowed on 'parallel loop'")
	expectParseError(t, "acc kernels loop gang(dim:2)", "t.c:1:31: error: 'dim' argument of 'gang' is not allowed on 'kernels loop'")
	expectParseError(t, "acc parallel loop vector(length:64)", "t.c:1:41: error: argument of 'vector' is not allowed on 'parallel loop'")
	expectParseError(t, "acc routine gang(8)", "t.c:1:26: error: 'num' argument of 'gang' is not allowed on 'routine'")
	expectParseError(t, "acc loop gang(num:1, num:2)", "t.c:1:30: error: 'num' argument appears more than once in 'gang'")
	expectParseError(t, "acc loop gang(foo:1)", "t.c:1:23: error: unknown 'gang' argument 'foo'")
	expectParseError(t, "acc parallel default(shared)", "t.c:1:30: error: expected 'none' or 'present' in 'default', found 'shared'")
	expectParseError(t, "acc parallel copyin(zero: a)", "t.c:1:29: error: modifier 'zero' is not allowed on 'copyin'")
	expectParseError(t, "acc parallel copyout(readonly: a)", "t.c:1:30: error: modifier 'readonly' is not allowed on 'copyout'")
	expectParseError(t, "acc parallel copy(zeroo: a)", "t.c:1:27: error: unknown modifier 'zeroo' in 'copy'")
	expectParseError(t, "acc parallel copy(always, always: a)", "t.c:1:35: error: modifier 'always' appears more than once")
	expectParseError(t, "acc parallel copy(a) device_type(nvidia) copyin(b)", "t.c:1:50: error: clause 'copyin' may not follow 'device_type' on 'parallel'")
	expectParseError(t, "acc loop device_type(nvidia) private(x)", "t.c:1:38: error: clause 'private' may not follow 'device_type' on 'loop'")
	expectParseError(t, "acc update device_type(nvidia) host(a)", "t.c:1:40: error: clause 'host' may not follow 'device_type' on 'update'")
	expectParseError(t, "acc parallel swap(a)", "t.c:1:22: error: clause 'swap' is a Sunway OpenACC* extension, not supported on CUDA targets")
	expectParseError(t, "acc parallel loop local(a) packin(b, c)", "t.c:1:27: error: clause 'local' is a Sunway OpenACC* extension, not supported on CUDA targets\n"+
		"t.c:1:36: error: clause 'packin' is a Sunway OpenACC* extension, not supported on CUDA targets")
	expectParseError(t, "acc data swapout(a) copy(b)", "t.c:1:18: error: clause 'swapout' is a Sunway OpenACC* extension, not supported on CUDA targets")
	expectParseError(t, "acc atomic read write", "t.c:1:25: error: 'atomic' takes at most one of 'read', 'write', 'update' or 'capture'")
	expectParseError(t, "acc atomic copy(a)", "t.c:1:20: error: clause 'copy' is not allowed on 'atomic'")
	expectParseError(t, "acc cache", "t.c:1:18: error: expected '(' after 'cache', found end of directive")
	expectParseError(t, "acc cache(a) async", "t.c:1:22: error: clause 'async' is not allowed on 'cache'")
	expectParseError(t, "acc wait(devnum:1)", "t.c:1:26: error: expected ':' after devnum expression")
	expectParseError(t, "acc routine(1) seq", "t.c:1:21: error: expected function name in 'routine', found '1'")
	expectParseError(t, "acc parallel , copy(a)", "t.c:1:22: error: expected clause name, found ','")
	expectParseError(t, "acc parallel copy(a),", "t.c:1:30: error: expected clause name after ','")
	expectParseError(t, "acc parallel num_gangs(a[1:2])", "t.c:1:35: error: array sections are only allowed in variable lists")
	expectParseError(t, "acc parallel num_gangs(x = 1)", "t.c:1:34: error: expected ')' after clause argument")
	expectParseError(t, "acc parallel num_gangs(a ? b)", "t.c:1:37: error: expected ':' in conditional expression")
	expectParseError(t, "acc parallel num_gangs(if)", "t.c:1:32: error: unexpected keyword 'if' in expression")
	expectParseError(t, "acc parallel num_gangs(f(a,))", "t.c:1:36: error: expected expression, found ')'")
	expectParseError(t, "acc parallel num_gangs(s.)", "t.c:1:34: error: expected member name after '.'")
	expectParseError(t, "acc parallel num_gangs(@)", "t.c:1:32: error: invalid character '@' in directive")
	expectParseError(t, `acc routine seq bind("abc)`, "t.c:1:30: error: unterminated string literal")
	expectParseError(t, "acc routine seq bind(1)", "t.c:1:30: error: expected name or string in 'bind', found '1'")
	expectParseError(t, "acc loop tile()", "t.c:1:23: error: expected expression")
	expectParseError(t, "acc loop collapse(force 2)", "t.c:1:33: error: expected ')' after clause argument")
	expectParseError(t, "acc parallel device_type()", "t.c:1:34: error: expected device type name or '*' in 'device_type', found end of argument")
	expectParseError(t, "acc loop seq independent auto copy(a)",
		"t.c:1:22: error: clauses 'seq' and 'independent' are mutually exclusive\n"+
			"t.c:1:34: error: clauses 'seq' and 'auto' are mutually exclusive\n"+
			"t.c:1:34: error: clauses 'independent' and 'auto' are mutually exclusive\n"+
			"t.c:1:39: error: clause 'copy' is not allowed on 'loop'")
}
