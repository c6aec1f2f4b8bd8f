package diag

// The codes of diagnostics. A code is user-visible (JSON "code", SARIF
// ruleId) and stable; docs/diagnostics.md documents each one in its
// tables, and TestCodesDocumented checks both ways that the constants and
// the tables agree, and that no Go file outside this package spells a
// code as a string literal. A new kind of diagnostic gets a constant here
// and a row there.
//
// A constant's name is Code followed by its code in camel case, except
// CodeKernel (accel-kernel), CodeRoutine (accel-routine) and
// CodeRoutineError (routine), whose names are older than this rule.

// Codes of the C frontend (package frontend).
const (
	// CodeCError: the C code does not compile (an error of cc/v4, or one
	// the frontend finds scanning the source).
	CodeCError Code = "c-error"
	// CodeDirectivePlacement: a directive where it cannot apply (a
	// construct not followed by a statement, loop not followed by for,
	// a standalone directive as the body of if or for, an executable
	// directive at file scope); the lowering reports it too.
	CodeDirectivePlacement Code = "directive-placement"
	// CodePragmaOperator: _Pragma("acc ...") produced by a macro expansion
	// where its position is lost.
	CodePragmaOperator Code = "pragma-operator"
	// CodeReservedName: the program declares an identifier that begins
	// with accc_, the prefix of the identifiers of the code accc
	// generates (ir.GenPrefix).
	CodeReservedName Code = "reserved-name"
)

// Codes of the OpenACC grammar and its checks (package directives).
const (
	// CodeDirectiveUnknown: #pragma acc followed by an unknown directive name.
	CodeDirectiveUnknown Code = "directive-unknown"
	// CodeDirectiveSyntax: a malformed directive.
	CodeDirectiveSyntax Code = "directive-syntax"
	// CodeClauseUnknown: an unknown clause name.
	CodeClauseUnknown Code = "clause-unknown"
	// CodeClauseSyntax: a malformed clause argument.
	CodeClauseSyntax Code = "clause-syntax"
	// CodeClauseNotAllowed: a clause the directive does not allow.
	CodeClauseNotAllowed Code = "clause-not-allowed"
	// CodeClauseConflict: mutually exclusive clauses, or a clause given
	// twice where it may appear once.
	CodeClauseConflict Code = "clause-conflict"
	// CodeClauseRequired: a directive lacks a clause it needs.
	CodeClauseRequired Code = "clause-required"
	// CodeClauseType: a clause argument of the wrong type.
	CodeClauseType Code = "clause-type"
	// CodeClauseUndeclared: an identifier in a clause is not declared there.
	CodeClauseUndeclared Code = "clause-undeclared"
	// CodeDeviceTypeUnknown (warning): a device_type name accc does not know.
	CodeDeviceTypeUnknown Code = "device-type-unknown"
	// CodeLegacyDirective (warning): a PGI Accelerator directive or clause,
	// translated to its OpenACC equivalent.
	CodeLegacyDirective Code = "legacy-directive"
	// CodeRoutineSeq (warning): a routine directive without gang, worker,
	// vector or seq, taken as seq.
	CodeRoutineSeq Code = "routine-seq"
	// CodeSunwayUnsupported: a swACC (Sunway) extension.
	CodeSunwayUnsupported Code = "sunway-unsupported"
)

// Codes of the lowering (packages lower and opt).
const (
	// CodeDirectiveElsewhere: a construct outside the main file when the
	// host compiler cannot preprocess OpenACC directives.
	CodeDirectiveElsewhere Code = "directive-elsewhere"
	// CodeAtomic: a statement of the atomic construct (§2.12) that is not
	// one of the construct's forms, or whose operands it does not allow.
	CodeAtomic Code = "atomic"
	// CodeCacheReadonly (warning): cache(readonly: ...) names data the
	// compute region writes.
	CodeCacheReadonly Code = "cache-readonly"
	// CodeDataClause: a data clause item accc cannot map.
	CodeDataClause Code = "data-clause"
	// CodeDataExtent: the extent of data is unknown, or a section is out
	// of range.
	CodeDataExtent Code = "data-extent"
	// CodeDataMovement (warning): a data clause that moves data it need
	// not move, or moves it at the wrong time (a copyout of data the
	// construct never writes, a copyin of data it overwrites first, data
	// moved in every iteration of a host loop).
	CodeDataMovement Code = "data-movement"
	// CodeDataPointer (warning): a pointer named without a section in a
	// clause that moves data.
	CodeDataPointer Code = "data-pointer"
	// CodeDeclare: a misused declare directive.
	CodeDeclare Code = "declare"
	// CodeDefaultNone: a variable of a default(none) construct in no data
	// clause.
	CodeDefaultNone Code = "default-none"
	// CodeDeviceType: a device_type clause of init, shutdown or set with
	// more than one device type, or one accc does not support.
	CodeDeviceType Code = "device-type"
	// CodeLoopForm: a loop that is not in canonical form, or a break or
	// goto that leaves a partitioned loop (errors); a loop whose condition
	// and increment go in opposite directions (a warning).
	CodeLoopForm Code = "loop-form"
	// CodeLoopNest: a collapse without enough tightly nested loops, a
	// level an enclosing loop uses or nested inside a finer one, a
	// gang(dim:) loop inside one of a lower dimension.
	CodeLoopNest Code = "loop-nest"
	// CodePrivate: one variable in two private clauses of a construct with
	// different sections.
	CodePrivate Code = "private"
	// CodeReduction: a reduction the operator cannot apply to, or one
	// variable with two operators.
	CodeReduction Code = "reduction"
	// CodeRoutineError: a misused routine directive (§2.15.1), or a call in
	// device code that no device version can serve.
	CodeRoutineError Code = "routine"
	// CodeUndeclared: a loop clause names a variable that is not declared.
	CodeUndeclared Code = "undeclared"
	// CodeUnsupported: a construct accc cannot compile yet, or that device
	// code cannot run.
	CodeUnsupported Code = "unsupported"
)

// Codes of the static checks (warnings, packages opt and lower): bugs
// of the program that the compiler's analysis proves, each silenced by
// -Wno-CODE (docs/static-checks.md).
const (
	// CodeRaceIndependent: a loop the program asserts independent (an
	// independent clause, or a loop of a parallel construct) whose
	// iterations certainly touch one element, one of them writing it.
	CodeRaceIndependent Code = "race-independent"
	// CodeRaceScalar: a scalar in device memory (a data clause) that
	// every iteration of such a loop updates without a reduction, or
	// that keeps accc from applying a kernels loop's independent clause.
	CodeRaceScalar Code = "race-scalar"
	// CodeFirstprivateLost: a scalar that a parallel or serial construct
	// makes firstprivate by default (§2.6.2), assigned in the construct
	// and read after it by the host, which never sees the assignment.
	CodeFirstprivateLost Code = "firstprivate-lost"
	// CodeDataUndefined: a construct reads copyout or create data before
	// anything writes them: their device copy is new and uninitialised.
	CodeDataUndefined Code = "data-undefined"
	// CodeDataStale: the host writes data a data construct (or enter
	// data) keeps on the device, and a compute construct then reads the
	// device copy with nothing updating it in between.
	CodeDataStale Code = "data-stale"
)

// Codes of the driver (package internal/driver).
const (
	// CodeDriver: a problem with the command line, an input file or a tool
	// (an error), or with the runtime's build cache (a warning).
	CodeDriver Code = "driver"
)

// The remark codes: what each -Minfo remark reports (the taxonomy of
// RemarkKinds, remarks.go). The family of a code, the part before its
// first '-', is what -Minfo=FAMILY selects.
const (
	// CodeKernel: code was generated for a compute construct's kernel.
	CodeKernel Code = "accel-kernel"
	// CodeAccelOther: a remark of the lowering without a code of its own
	// (none should have it).
	CodeAccelOther Code = "accel-other"
	// CodeRoutine: a function gets a device version.
	CodeRoutine Code = "accel-routine"
	// CodeLoopParallel: a loop's iterations are independent.
	CodeLoopParallel Code = "loop-parallel"
	// CodeLoopSchedule: the levels a loop is scheduled on.
	CodeLoopSchedule Code = "loop-schedule"
	// CodeLoopReduction: a reduction a loop or construct combines.
	CodeLoopReduction Code = "loop-reduction"
	// CodeLoopHost: a kernels loop that runs on the host, launching the
	// kernels of its body.
	CodeLoopHost Code = "loop-host"
	// CodeLoopDependence (negative): a dependence keeps a loop sequential.
	CodeLoopDependence Code = "loop-dependence"
	// CodeLoopSequential (negative): a loop runs sequentially for another
	// reason (no trip count, an early exit).
	CodeLoopSequential Code = "loop-sequential"
	// CodeLoopCache: what serves a cache directive's references.
	CodeLoopCache Code = "loop-cache"
	// CodeLoopStage: operands a tiled nest stages through shared memory.
	CodeLoopStage Code = "loop-stage"
	// CodeDataPin: the runtime page-locks data's host memory while present.
	CodeDataPin Code = "data-pin"
	// CodeDataShared: in a memory mode that shares the heap with the
	// device (-gpu=mem:managed, unified), data clauses move no heap data.
	CodeDataShared Code = "data-shared"
)

// The codes of data movement remarks, "Generating copyin(a[:n])": one per
// data clause of a construct (data-CLAUSE) and one per clause the implicit
// rules of §2.6.2 produce (data-implicit-CLAUSE). DataCode maps a clause
// to them.
const (
	// CodeDataCopy: the construct's copy clause.
	CodeDataCopy Code = "data-copy"
	// CodeDataCopyin: the construct's copyin clause.
	CodeDataCopyin Code = "data-copyin"
	// CodeDataCopyout: the construct's copyout clause.
	CodeDataCopyout Code = "data-copyout"
	// CodeDataCreate: the construct's create clause.
	CodeDataCreate Code = "data-create"
	// CodeDataPresent: the construct's present clause.
	CodeDataPresent Code = "data-present"
	// CodeDataNoCreate: the construct's no_create clause.
	CodeDataNoCreate Code = "data-no-create"
	// CodeDataAttach: the construct's attach clause.
	CodeDataAttach Code = "data-attach"
	// CodeDataDeviceptr: the construct's deviceptr clause.
	CodeDataDeviceptr Code = "data-deviceptr"
	// CodeDataDelete: the delete clause of exit data.
	CodeDataDelete Code = "data-delete"
	// CodeDataDetach: the detach clause of exit data.
	CodeDataDetach Code = "data-detach"

	// CodeDataImplicitCopy: data moved as copy by the implicit rules.
	CodeDataImplicitCopy Code = "data-implicit-copy"
	// CodeDataImplicitCopyin: data moved as copyin by the implicit rules.
	CodeDataImplicitCopyin Code = "data-implicit-copyin"
	// CodeDataImplicitCopyout: data moved as copyout by the implicit rules.
	CodeDataImplicitCopyout Code = "data-implicit-copyout"
	// CodeDataImplicitCreate: data created by the implicit rules.
	CodeDataImplicitCreate Code = "data-implicit-create"
	// CodeDataImplicitPresent: data the implicit rules require present.
	CodeDataImplicitPresent Code = "data-implicit-present"
	// CodeDataImplicitNoCreate: data the implicit rules map as no_create.
	CodeDataImplicitNoCreate Code = "data-implicit-no-create"
	// CodeDataImplicitAttach: pointers the implicit rules attach.
	CodeDataImplicitAttach Code = "data-implicit-attach"
	// CodeDataImplicitDeviceptr: pointers the implicit rules treat as
	// deviceptr.
	CodeDataImplicitDeviceptr Code = "data-implicit-deviceptr"
)
