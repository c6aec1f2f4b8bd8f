// Package frontend reads one C translation unit with cc/v4 and finds its
// OpenACC directives.
//
// Pipeline position: first. Load preprocesses, parses and type-checks the
// file with the user's -I/-D/-U/-include options, captures every
// `#pragma acc` (and `_Pragma("acc ...")`) with the positions of its tokens,
// parses it with package directives, attaches it to the statement it applies
// to (or to its place, for standalone directives), and type-checks its clause
// expressions in the scope of that statement.
//
// Imports: modernc.org/cc/v4, directives, internal/diag. cc/v4 errors become
// diag.Diagnostics here and only here.
//
// Invariants: every Pragma in a Unit has a valid position and a parsed,
// checked Directive; pragmas are in source order; a construct's Stmt is the
// statement that immediately follows it.
package frontend
