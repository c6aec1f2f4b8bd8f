package diag

// warningCodes are the codes of accc's warnings: those -Wno-CODE
// silences and -Werror=CODE makes errors (WarningPolicy).
// TestWarningCodesListed checks that every warning the Go code reports
// has its code here.
var warningCodes = map[Code]bool{
	CodeDeviceTypeUnknown: true,
	CodeLegacyDirective:   true,
	CodeRoutineSeq:        true,
	CodeCacheReadonly:     true,
	CodeDataMovement:      true,
	CodeDataPointer:       true,
	CodeLoopForm:          true,
	CodeDriver:            true,
	CodeRaceIndependent:   true,
	CodeRaceScalar:        true,
	CodeFirstprivateLost:  true,
	CodeDataUndefined:     true,
	CodeDataStale:         true,
}

// StaticChecks are the codes of the static checks: warnings about bugs of
// the program that the analysis proves (docs/static-checks.md). They must
// never fire on a correct program: the tests that compile correct
// programs (the run programs, the benchmarks, the differential tester's
// generated programs) treat one as a failure.
var StaticChecks = []Code{CodeRaceIndependent, CodeRaceScalar, CodeFirstprivateLost, CodeDataUndefined, CodeDataStale}

// IsWarningCode reports whether c is the code of one of accc's warnings.
func IsWarningCode(c Code) bool { return warningCodes[c] }

// A WarningPolicy says what becomes of accc's warnings, by code, as gcc's
// -Wno-NAME and -Werror=NAME do for its own: Off drops them, Error makes
// them errors, which fail the compilation (and name the option, as gcc
// does: "[-Werror=race-independent]"). The options name accc's codes
// (IsWarningCode); errors and remarks keep their severity. A List
// applies its Policy to each diagnostic it receives.
//
// None is -w: no warning is printed. Errors is -Werror: every warning
// of the program's is an error ("[-Werror]") but those NoError names
// (-Wno-error=CODE); warnings about the command line itself
// (CodeDriver: an option accepted but ignored) stay warnings, so that a
// Makefile's nvc options do not fail the build.
type WarningPolicy struct {
	Off, Error, NoError map[Code]bool
	None, Errors        bool
}

// apply returns d as the policy makes it, and false when it drops d.
func (p WarningPolicy) apply(d Diagnostic) (Diagnostic, bool) {
	if d.Severity != Warning {
		return d, true
	}
	switch {
	case p.None, p.Off[d.Code]:
		return d, false
	case p.Error[d.Code]:
		d.Severity = Error
		d.Msg += " [-Werror=" + string(d.Code) + "]"
	case p.Errors && !p.NoError[d.Code] && d.Code != CodeDriver:
		d.Severity = Error
		d.Msg += " [-Werror]"
	}
	return d, true
}
