// Package directives is the OpenACC 3.4 directive grammar for C: it turns
// the tokens of one "#pragma acc" line into a Directive, validates it
// against the directive and clause table, and type-checks its clause
// expressions.
//
// Pipeline position: frontend → directives → ir.Build. The frontend
// captures each pragma's tokens (cc/v4 does not macro-expand them), calls
// Parse with an Options.Expand that expands clause arguments, attaches the
// Directive to the statement that follows (by DirKind.Assoc), and calls
// Check with a Scope for the construct's position. Scan produces tokens from
// text for tests, fuzzing and _Pragma operands.
//
// Imports: the standard library, internal/diag and ir (whose Type is the
// type model of the checker, as of the rest of accc); the frontend adapts
// cc/v4 to Token and Scope, so this package does not import cc/v4.
//
// Invariants:
//   - Parse reports every problem to the sink, positioned at the offending
//     token, and returns nil when any error was reported; a non-nil
//     Directive satisfies the table (allowed, once, exclusive, required,
//     device_type groups) in table.go.
//   - Aliases are resolved (pcopyin → ClauseCopyin, dtype → ClauseDeviceType;
//     Clause.Spelling keeps what was written), and legacy PGI Accelerator
//     directives are translated to OpenACC (Directive.Legacy records the
//     original spelling), so later stages see OpenACC only.
//   - Sunway (swACC) clauses are always rejected.
//   - Every Expr node carries the position of its first token.
//   - Nothing here panics on any input (FuzzParse).
//
// Files:
//
//	scan.go    text → tokens (C pp-tokens, comments, line splices)
//	expr.go    clause-expression AST and parser
//	table.go   directive and clause table, with spec sections
//	parse.go   tokens → Directive; table checks
//	legacy.go  PGI Accelerator translation
//	check.go   type checks of clause expressions against a Scope
//	print.go   canonical printing
package directives
