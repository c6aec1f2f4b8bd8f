package frontend

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/accc-compiler/accc/internal/diag"
)

// ccErrorLine matches one line of a cc/v4 error: "file:line:col: message".
var ccErrorLine = regexp.MustCompile(`^(.+?):(\d+):(\d+): ?(.*)$`)

// ccOrigin is the "(check.go:5317:check:)" suffix cc/v4 adds to messages.
var ccOrigin = regexp.MustCompile(`\s*\(\w+\.go:\d+:[^)]*\)\s*$`)

// reportCCErrors converts the error returned by cc/v4 into diagnostics. It
// reports false if err is not a list of C errors. cc/v4 follows a real error
// with unpositioned internal notes ("TODO ... missed/failed type check");
// those are dropped when a positioned error explains them. file and src
// are the main file's name and text.
func reportCCErrors(err error, sink *reporter, file string, src []byte) bool {
	var positioned, unpositioned []diag.Diagnostic
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(ccOrigin.ReplaceAllString(line, ""))
		if line == "" {
			continue
		}
		m := ccErrorLine.FindStringSubmatch(line)
		if m == nil {
			unpositioned = append(unpositioned, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeCError, Msg: "C frontend: " + line})
			continue
		}
		ln, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		positioned = append(positioned, diag.Diagnostic{
			Pos:      diag.Pos{File: m[1], Line: ln, Col: col, Offset: -1},
			Severity: diag.Error,
			Code:     diag.CodeCError,
			Msg:      cleanCCMessage(m[4]),
		})
	}
	// Errors in the sentinel follow errors in the user's code, or say
	// that the main file ends inside a declaration.
	user := positioned[:0:0]
	var atEnd *diag.Diagnostic
	for _, d := range positioned {
		if d.Pos.File != endSentinel.Name {
			user = append(user, d)
		} else if atEnd == nil {
			atEnd = &d
		}
	}
	if len(user) == 0 && atEnd != nil {
		msg := "unexpected end of file"
		if _, expected, ok := strings.Cut(atEnd.Msg, ", expected"); ok {
			msg += ", expected" + expected
		}
		end := len(bytes.TrimRight(src, " \t\r\n\f\v"))
		user = append(user, diag.Diagnostic{Pos: offsetPos(file, src, end), Severity: diag.Error, Code: diag.CodeCError, Msg: msg})
	}
	positioned = user
	if len(positioned) == 0 {
		positioned = unpositioned
	}
	positioned = dropCascades(positioned)
	for _, d := range positioned {
		sink.Report(d)
	}
	return len(positioned) > 0
}

// cleanCCMessage makes a cc/v4 message read like accc's: lower case start,
// no trailing colon or period.
func cleanCCMessage(msg string) string {
	msg = strings.TrimSpace(msg)
	msg = strings.TrimSuffix(msg, ":")
	msg = strings.TrimSuffix(msg, ".")
	if msg == "" {
		return "syntax error"
	}
	return msg
}

// dropCascades removes errors about expressions whose type is already
// invalid because of an earlier error, as compilers usually do.
func dropCascades(ds []diag.Diagnostic) []diag.Diagnostic {
	var keep []diag.Diagnostic
	for _, d := range ds {
		if !strings.Contains(d.Msg, "<invalid type>") {
			keep = append(keep, d)
		}
	}
	if len(keep) == 0 {
		return ds
	}
	return keep
}
