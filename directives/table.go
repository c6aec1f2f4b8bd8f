package directives

// This file is the OpenACC 3.4 directive and clause table for C: spellings,
// aliases, argument forms, and which clauses each directive allows. Section
// numbers are those of the OpenACC 3.4 specification.

// DirKind identifies a directive. Combined constructs are kinds of their own.
type DirKind uint8

const (
	DirInvalid      DirKind = iota
	DirParallel             // §2.5.1
	DirSerial               // §2.5.2
	DirKernels              // §2.5.3
	DirData                 // §2.6.5
	DirEnterData            // §2.14.6
	DirExitData             // §2.14.7
	DirHostData             // §2.8
	DirLoop                 // §2.9
	DirCache                // §2.10
	DirParallelLoop         // §2.11
	DirSerialLoop           // §2.11
	DirKernelsLoop          // §2.11
	DirAtomic               // §2.12
	DirDeclare              // §2.13
	DirInit                 // §2.14.1
	DirShutdown             // §2.14.2
	DirSet                  // §2.14.3
	DirUpdate               // §2.14.4
	DirRoutine              // §2.15.1
	DirWait                 // §2.16.3
	numDirKinds
)

// Assoc says what a directive applies to.
type Assoc uint8

const (
	AssocNone   Assoc = iota // standalone executable directive: its place in the block
	AssocBlock               // the next statement (structured block)
	AssocLoop                // the next statement, which must be a for loop
	AssocAtomic              // the next expression statement, or a compound statement for capture
	AssocDecl                // declarative: file scope or a declaration list
)

// ClauseKind identifies a clause; aliases share the kind of the clause they
// stand for.
type ClauseKind uint8

const (
	ClauseInvalid        ClauseKind = iota
	ClauseAsync                     // §2.16.1
	ClauseWait                      // §2.16.2
	ClauseNumGangs                  // §2.5.10
	ClauseNumWorkers                // §2.5.11
	ClauseVectorLength              // §2.5.12
	ClauseDeviceType                // §2.4
	ClauseIf                        // §2.5.6
	ClauseSelf                      // §2.5.7 (condition), §2.14.4 (update list)
	ClauseReduction                 // §2.5.15, §2.9.11
	ClauseCopy                      // §2.7.6
	ClauseCopyin                    // §2.7.7
	ClauseCopyout                   // §2.7.8
	ClauseCreate                    // §2.7.9
	ClauseNoCreate                  // §2.7.10
	ClausePresent                   // §2.7.5
	ClauseDeviceptr                 // §2.7.4
	ClauseAttach                    // §2.7.12
	ClauseDelete                    // §2.7.11
	ClauseDetach                    // §2.7.13
	ClausePrivate                   // §2.5.13, §2.9.10
	ClauseFirstprivate              // §2.5.14
	ClauseDefault                   // §2.5.16
	ClauseCollapse                  // §2.9.1
	ClauseGang                      // §2.9.2
	ClauseWorker                    // §2.9.3
	ClauseVector                    // §2.9.4
	ClauseSeq                       // §2.9.5
	ClauseIndependent               // §2.9.6
	ClauseAuto                      // §2.9.7
	ClauseTile                      // §2.9.8
	ClauseFinalize                  // §2.14.7
	ClauseIfPresent                 // §2.8.3, §2.14.4
	ClauseHost                      // §2.14.4
	ClauseDevice                    // §2.14.4
	ClauseUseDevice                 // §2.8.1
	ClauseDeviceResident            // §2.13.1
	ClauseLink                      // §2.13.3
	ClauseBind                      // §2.15.1
	ClauseNohost                    // §2.15.1
	ClauseDeviceNum                 // §2.14.1
	ClauseDefaultAsync              // §2.14.3
	numClauseKinds
)

// argForm is the shape of a clause's parenthesised argument.
type argForm uint8

const (
	argNone       argForm = iota // no parentheses
	argOptInt                    // [(int-expr)]: async
	argInt                       // (int-expr)
	argIntList                   // (int-expr-list): num_gangs
	argCond                      // (condition): if
	argSelf                      // [(condition)] on compute constructs, (var-list) on update
	argVars                      // (var-list)
	argModVars                   // ([modifier-list:] var-list)
	argReduction                 // (operator: var-list)
	argDefault                   // (none|present)
	argDeviceType                // (* | device-type-list)
	argCollapse                  // ([force:] n)
	argGang                      // [(gang-arg-list)]
	argWorker                    // [([num:] int-expr)]
	argVector                    // [([length:] int-expr)]
	argTile                      // (size-expr-list)
	argWait                      // [([devnum: int-expr:] [queues:] int-expr-list)]
	argBind                      // (name | "string")
)

type clauseInfo struct {
	name string
	arg  argForm
	mods Modifier // modifiers allowed in argModVars
}

var clauseTable = [numClauseKinds]clauseInfo{
	ClauseAsync:          {"async", argOptInt, 0},
	ClauseWait:           {"wait", argWait, 0},
	ClauseNumGangs:       {"num_gangs", argIntList, 0},
	ClauseNumWorkers:     {"num_workers", argInt, 0},
	ClauseVectorLength:   {"vector_length", argInt, 0},
	ClauseDeviceType:     {"device_type", argDeviceType, 0},
	ClauseIf:             {"if", argCond, 0},
	ClauseSelf:           {"self", argSelf, 0},
	ClauseReduction:      {"reduction", argReduction, 0},
	ClauseCopy:           {"copy", argModVars, ModAlways | ModAlwaysin | ModAlwaysout | ModCapture},
	ClauseCopyin:         {"copyin", argModVars, ModAlways | ModAlwaysin | ModReadonly | ModCapture},
	ClauseCopyout:        {"copyout", argModVars, ModAlways | ModAlwaysout | ModZero | ModCapture},
	ClauseCreate:         {"create", argModVars, ModZero | ModCapture},
	ClauseNoCreate:       {"no_create", argVars, 0},
	ClausePresent:        {"present", argVars, 0},
	ClauseDeviceptr:      {"deviceptr", argVars, 0},
	ClauseAttach:         {"attach", argVars, 0},
	ClauseDetach:         {"detach", argVars, 0},
	ClauseDelete:         {"delete", argVars, 0},
	ClausePrivate:        {"private", argVars, 0},
	ClauseFirstprivate:   {"firstprivate", argVars, 0},
	ClauseDefault:        {"default", argDefault, 0},
	ClauseCollapse:       {"collapse", argCollapse, 0},
	ClauseGang:           {"gang", argGang, 0},
	ClauseWorker:         {"worker", argWorker, 0},
	ClauseVector:         {"vector", argVector, 0},
	ClauseSeq:            {"seq", argNone, 0},
	ClauseIndependent:    {"independent", argNone, 0},
	ClauseAuto:           {"auto", argNone, 0},
	ClauseTile:           {"tile", argTile, 0},
	ClauseFinalize:       {"finalize", argNone, 0},
	ClauseIfPresent:      {"if_present", argNone, 0},
	ClauseHost:           {"host", argVars, 0},
	ClauseDevice:         {"device", argVars, 0},
	ClauseUseDevice:      {"use_device", argVars, 0},
	ClauseDeviceResident: {"device_resident", argVars, 0},
	ClauseLink:           {"link", argVars, 0},
	ClauseBind:           {"bind", argBind, 0},
	ClauseNohost:         {"nohost", argNone, 0},
	ClauseDeviceNum:      {"device_num", argInt, 0},
	ClauseDefaultAsync:   {"default_async", argInt, 0},
}

// clauseAliases maps the other spellings to their clauses: the OpenACC 2.0
// present_or_* forms and their p* abbreviations (deprecated, still accepted:
// §2.7.6–2.7.9), and dtype (§2.4).
var clauseAliases = map[string]ClauseKind{
	"pcopy": ClauseCopy, "present_or_copy": ClauseCopy,
	"pcopyin": ClauseCopyin, "present_or_copyin": ClauseCopyin,
	"pcopyout": ClauseCopyout, "present_or_copyout": ClauseCopyout,
	"pcreate": ClauseCreate, "present_or_create": ClauseCreate,
	"dtype": ClauseDeviceType,
}

// clauseByName resolves every spelling, including aliases.
var clauseByName = func() map[string]ClauseKind {
	m := map[string]ClauseKind{}
	for k := ClauseKind(1); k < numClauseKinds; k++ {
		m[clauseTable[k].name] = k
	}
	for a, k := range clauseAliases {
		m[a] = k
	}
	return m
}()

// sunwayClauses are the swACC (OpenACC*, Sunway TaihuLight) extensions of
// seed 001 chapter 10; they have no CUDA meaning and are rejected. 'local'
// is Sunway's SPM-private clause except on legacy PGI Accelerator
// directives, where it means 'create' (legacy.go).
var sunwayClauses = map[string]bool{
	"swap": true, "swapin": true, "swapout": true,
	"pack": true, "packin": true, "packout": true, "local": true,
}

// Modifier is a set of data-clause modifiers (§2.7.6–2.7.9, §2.10).
type Modifier uint8

const (
	ModAlways    Modifier = 1 << iota // copy, copyin, copyout (3.3)
	ModAlwaysin                       // copy, copyin (3.3)
	ModAlwaysout                      // copy, copyout (3.3)
	ModReadonly                       // copyin, cache (2.7)
	ModZero                           // copyout, create (3.3)
	ModCapture                        // copy, copyin, copyout, create (3.4)
)

var modifierNames = []struct {
	m    Modifier
	name string
}{
	{ModAlways, "always"}, {ModAlwaysin, "alwaysin"}, {ModAlwaysout, "alwaysout"},
	{ModReadonly, "readonly"}, {ModZero, "zero"}, {ModCapture, "capture"},
}

// ReductionOp is a reduction operator (§2.5.15): + * max min & | ^ && ||.
type ReductionOp string

var reductionOps = map[string]bool{"+": true, "*": true, "max": true, "min": true, "&": true, "|": true, "^": true, "&&": true, "||": true}

// DefaultKind is the argument of default(none|present) (§2.5.16).
type DefaultKind uint8

const (
	DefaultNone DefaultKind = iota + 1
	DefaultPresent
)

// AtomicKind is the form of an atomic construct (§2.12).
type AtomicKind uint8

const (
	AtomicUpdate AtomicKind = iota // also the form without a clause
	AtomicRead
	AtomicWrite
	AtomicCapture
)

var atomicNames = [...]string{AtomicUpdate: "update", AtomicRead: "read", AtomicWrite: "write", AtomicCapture: "capture"}

// knownDeviceTypes are the device-type names accc understands (§2.4 leaves
// them implementation defined); others draw a warning and select nothing.
var knownDeviceTypes = map[string]bool{
	"nvidia": true, "host": true, "multicore": true, "default": true,
	"acc_device_nvidia": true, "acc_device_host": true, "acc_device_default": true,
	"radeon": true, "acc_device_radeon": true,
}

// clauseSet is a set of clause kinds.
type clauseSet uint64

func set(ks ...ClauseKind) clauseSet {
	var s clauseSet
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

func (s clauseSet) has(k ClauseKind) bool { return s&(1<<k) != 0 }

// dirInfo is one row of the directive table.
type dirInfo struct {
	name     string
	sec      string
	assoc    Assoc
	allowed  clauseSet // allowed clauses
	once     clauseSet // at most once (per device_type group where groups apply)
	required clauseSet // at least one of these must appear
	afterDT  clauseSet // clauses that may follow device_type; 0: device_type is a plain selector
}

var (
	dataClauses = set(ClauseCopy, ClauseCopyin, ClauseCopyout, ClauseCreate, ClauseNoCreate,
		ClausePresent, ClauseDeviceptr, ClauseAttach)
	parallelClauses = dataClauses | set(ClauseAsync, ClauseWait, ClauseNumGangs, ClauseNumWorkers,
		ClauseVectorLength, ClauseDeviceType, ClauseIf, ClauseSelf, ClauseReduction, ClausePrivate,
		ClauseFirstprivate, ClauseDefault)
	parallelOnce    = set(ClauseIf, ClauseSelf, ClauseDefault, ClauseAsync, ClauseNumGangs, ClauseNumWorkers, ClauseVectorLength)
	parallelAfterDT = set(ClauseAsync, ClauseWait, ClauseNumGangs, ClauseNumWorkers, ClauseVectorLength)
	serialClauses   = parallelClauses &^ set(ClauseNumGangs, ClauseNumWorkers, ClauseVectorLength)
	kernelsClauses  = parallelClauses &^ set(ClauseReduction, ClausePrivate, ClauseFirstprivate)
	loopClauses     = set(ClauseCollapse, ClauseGang, ClauseWorker, ClauseVector, ClauseSeq, ClauseIndependent,
		ClauseAuto, ClauseTile, ClauseDeviceType, ClausePrivate, ClauseReduction)
	loopOnce    = set(ClauseCollapse, ClauseGang, ClauseWorker, ClauseVector, ClauseSeq, ClauseIndependent, ClauseAuto, ClauseTile)
	loopAfterDT = set(ClauseCollapse, ClauseGang, ClauseWorker, ClauseVector, ClauseSeq, ClauseIndependent, ClauseAuto, ClauseTile)
	declareData = set(ClauseCopy, ClauseCopyin, ClauseCopyout, ClauseCreate, ClausePresent, ClauseDeviceptr,
		ClauseDeviceResident, ClauseLink)
	levelClauses = set(ClauseGang, ClauseWorker, ClauseVector, ClauseSeq)
)

// dirTable states, for each directive, its spelling, association, allowed,
// at-most-once and required clauses, and the clauses that may follow
// device_type (the "device_type" restrictions of each section).
var dirTable = [numDirKinds]dirInfo{
	// OpenACC 3.4 §2.5.1; only async, wait, num_gangs, num_workers, vector_length follow device_type.
	DirParallel: {"parallel", "2.5.1", AssocBlock, parallelClauses, parallelOnce, 0, parallelAfterDT},
	// OpenACC 3.4 §2.5.2: as parallel, without num_gangs, num_workers, vector_length.
	DirSerial: {"serial", "2.5.2", AssocBlock, serialClauses, parallelOnce, 0, set(ClauseAsync, ClauseWait)},
	// OpenACC 3.4 §2.5.3: as parallel, without reduction, private, firstprivate.
	DirKernels: {"kernels", "2.5.3", AssocBlock, kernelsClauses, parallelOnce, 0, parallelAfterDT},
	// OpenACC 3.4 §2.6.5: at least one data clause or default.
	DirData: {"data", "2.6.5", AssocBlock, dataClauses | set(ClauseIf, ClauseAsync, ClauseWait, ClauseDeviceType, ClauseDefault),
		set(ClauseIf, ClauseDefault, ClauseAsync), dataClauses | set(ClauseDefault), set(ClauseAsync, ClauseWait)},
	// OpenACC 3.4 §2.14.6: at least one of copyin, create, attach.
	DirEnterData: {"enter data", "2.14.6", AssocNone, set(ClauseIf, ClauseAsync, ClauseWait, ClauseCopyin, ClauseCreate, ClauseAttach),
		set(ClauseIf, ClauseAsync), set(ClauseCopyin, ClauseCreate, ClauseAttach), 0},
	// OpenACC 3.4 §2.14.7: at least one of copyout, delete, detach.
	DirExitData: {"exit data", "2.14.7", AssocNone, set(ClauseIf, ClauseAsync, ClauseWait, ClauseCopyout, ClauseDelete, ClauseDetach, ClauseFinalize),
		set(ClauseIf, ClauseAsync, ClauseFinalize), set(ClauseCopyout, ClauseDelete, ClauseDetach), 0},
	// OpenACC 3.4 §2.8: use_device is required.
	DirHostData: {"host_data", "2.8", AssocBlock, set(ClauseUseDevice, ClauseIf, ClauseIfPresent),
		set(ClauseIf, ClauseIfPresent), set(ClauseUseDevice), 0},
	// OpenACC 3.4 §2.9; only collapse, gang, worker, vector, seq, independent, auto, tile follow device_type.
	DirLoop: {"loop", "2.9", AssocLoop, loopClauses, loopOnce, 0, loopAfterDT},
	// OpenACC 3.4 §2.10: cache([readonly:] var-list), no clauses.
	DirCache: {"cache", "2.10", AssocNone, 0, 0, 0, 0},
	// OpenACC 3.4 §2.11: any clause allowed on parallel or loop.
	DirParallelLoop: {"parallel loop", "2.11", AssocLoop, parallelClauses | loopClauses, parallelOnce | loopOnce, 0, parallelAfterDT | loopAfterDT},
	// OpenACC 3.4 §2.11: any clause allowed on serial or loop.
	DirSerialLoop: {"serial loop", "2.11", AssocLoop, serialClauses | loopClauses, parallelOnce | loopOnce, 0, set(ClauseAsync, ClauseWait) | loopAfterDT},
	// OpenACC 3.4 §2.11: any clause allowed on kernels or loop (reduction acts on the loop).
	DirKernelsLoop: {"kernels loop", "2.11", AssocLoop, kernelsClauses | loopClauses, parallelOnce | loopOnce, 0, parallelAfterDT | loopAfterDT},
	// OpenACC 3.4 §2.12: read|write|update|capture, and if (3.4).
	DirAtomic: {"atomic", "2.12", AssocAtomic, set(ClauseIf), set(ClauseIf), 0, 0},
	// OpenACC 3.4 §2.13: at least one clause.
	DirDeclare: {"declare", "2.13", AssocDecl, declareData, 0, declareData, 0},
	// OpenACC 3.4 §2.14.1.
	DirInit: {"init", "2.14.1", AssocNone, set(ClauseDeviceType, ClauseDeviceNum, ClauseIf), set(ClauseDeviceNum, ClauseIf), 0, 0},
	// OpenACC 3.4 §2.14.2.
	DirShutdown: {"shutdown", "2.14.2", AssocNone, set(ClauseDeviceType, ClauseDeviceNum, ClauseIf), set(ClauseDeviceNum, ClauseIf), 0, 0},
	// OpenACC 3.4 §2.14.3: at least one of default_async, device_num, device_type; each at most once.
	DirSet: {"set", "2.14.3", AssocNone, set(ClauseDefaultAsync, ClauseDeviceNum, ClauseDeviceType, ClauseIf),
		set(ClauseDefaultAsync, ClauseDeviceNum, ClauseDeviceType, ClauseIf), set(ClauseDefaultAsync, ClauseDeviceNum, ClauseDeviceType), 0},
	// OpenACC 3.4 §2.14.4: at least one of self, host, device; only async and wait follow device_type.
	DirUpdate: {"update", "2.14.4", AssocNone, set(ClauseAsync, ClauseWait, ClauseDeviceType, ClauseIf, ClauseIfPresent, ClauseSelf, ClauseHost, ClauseDevice),
		set(ClauseIf, ClauseAsync, ClauseIfPresent), set(ClauseSelf, ClauseHost, ClauseDevice), set(ClauseAsync, ClauseWait)},
	// OpenACC 3.4 §2.15.1: at least one, and per device_type at most one, of gang, worker, vector, seq.
	DirRoutine: {"routine", "2.15.1", AssocDecl, levelClauses | set(ClauseBind, ClauseDeviceType, ClauseNohost),
		levelClauses | set(ClauseNohost, ClauseBind), levelClauses, levelClauses | set(ClauseBind)},
	// OpenACC 3.4 §2.16.3.
	DirWait: {"wait", "2.16.3", AssocNone, set(ClauseAsync, ClauseIf), set(ClauseAsync, ClauseIf), 0, 0},
}

// exclusive lists clause pairs that may not appear together in one
// device_type group; routine marks pairs that apply to routine only.
var exclusive = []struct {
	a, b    ClauseKind
	routine bool
}{
	// §2.9: at most one of seq, independent, auto.
	{ClauseSeq, ClauseIndependent, false},
	{ClauseSeq, ClauseAuto, false},
	{ClauseIndependent, ClauseAuto, false},
	// §2.9.5: seq excludes gang, worker, vector.
	{ClauseSeq, ClauseGang, false},
	{ClauseSeq, ClauseWorker, false},
	{ClauseSeq, ClauseVector, false},
	// §2.15.1: a routine has exactly one of gang, worker, vector, seq.
	{ClauseGang, ClauseWorker, true},
	{ClauseGang, ClauseVector, true},
	{ClauseWorker, ClauseVector, true},
}

// dirByName maps directive spellings (one or two words) to kinds.
var dirByName = func() map[string]DirKind {
	m := map[string]DirKind{}
	for k := DirKind(1); k < numDirKinds; k++ {
		m[dirTable[k].name] = k
	}
	return m
}()

// String returns the directive's spelling: "parallel loop".
func (k DirKind) String() string {
	if k > 0 && k < numDirKinds {
		return dirTable[k].name
	}
	return "invalid"
}

// Assoc returns what the directive applies to.
func (k DirKind) Assoc() Assoc {
	if k < numDirKinds {
		return dirTable[k].assoc
	}
	return AssocNone
}

// Section returns the OpenACC 3.4 section that defines the directive.
func (k DirKind) Section() string {
	if k < numDirKinds {
		return dirTable[k].sec
	}
	return ""
}

// IsCompute reports whether k opens a compute region (parallel, serial,
// kernels, or a combined construct).
func (k DirKind) IsCompute() bool {
	switch k {
	case DirParallel, DirSerial, DirKernels, DirParallelLoop, DirSerialLoop, DirKernelsLoop:
		return true
	}
	return false
}

// IsCombined reports whether k is a combined construct (§2.11).
func (k DirKind) IsCombined() bool {
	return k == DirParallelLoop || k == DirSerialLoop || k == DirKernelsLoop
}

// IsLoop reports whether k applies to a loop (loop or combined).
func (k DirKind) IsLoop() bool { return k.Assoc() == AssocLoop }

// IsData reports whether k is a data construct or directive.
func (k DirKind) IsData() bool {
	return k == DirData || k == DirEnterData || k == DirExitData || k == DirHostData || k == DirDeclare
}

// IsExecutable reports whether k is a standalone executable directive,
// which may not be the body of an if, while, do, switch or label.
func (k DirKind) IsExecutable() bool { return k.Assoc() == AssocNone && k != DirCache }

// Compute returns the compute construct of a combined construct, or k.
func (k DirKind) Compute() DirKind {
	switch k {
	case DirParallelLoop:
		return DirParallel
	case DirSerialLoop:
		return DirSerial
	case DirKernelsLoop:
		return DirKernels
	}
	return k
}

// Allows reports whether clause c may appear on directive k.
func (k DirKind) Allows(c ClauseKind) bool { return k < numDirKinds && dirTable[k].allowed.has(c) }

// String returns the clause's canonical spelling.
func (c ClauseKind) String() string {
	if c > 0 && c < numClauseKinds {
		return clauseTable[c].name
	}
	return "invalid"
}

// IsData reports whether c is a data clause (§2.7).
func (c ClauseKind) IsData() bool {
	return (dataClauses | set(ClauseDelete, ClauseDetach, ClauseDeviceResident, ClauseLink)).has(c)
}

// String returns the operator's spelling.
func (op ReductionOp) String() string { return string(op) }

// String returns "update", "read", "write" or "capture".
func (a AtomicKind) String() string { return atomicNames[a] }

// String returns "none" or "present".
func (d DefaultKind) String() string {
	switch d {
	case DefaultNone:
		return "none"
	case DefaultPresent:
		return "present"
	}
	return ""
}

// String lists the modifiers, comma-separated, in table order.
func (m Modifier) String() string {
	s := ""
	for _, mn := range modifierNames {
		if m&mn.m != 0 {
			if s != "" {
				s += ","
			}
			s += mn.name
		}
	}
	return s
}
