// Package ir is accc's intermediate representation of OpenACC constructs:
// types only. Package lower builds it from the C frontend's output; the
// code generators (codegen/...) read it.
//
// A translation unit's directives are Constructs: a compute construct
// (OpenACC 3.4 §2.5, §2.11) is a Region of Kernels whose bodies are Loops
// (a canonical for nest with its partitioning levels, collapse, private
// and reduction clauses) and Stmts (the code the scheduler does not
// restructure); data constructs and directives are lists of Maps (§2.7).
// What a Map, an UpdateItem or a private section names is a Section: its
// base, and each dimension's lower bound and length as Exprs the host
// evaluates; HostAddr, ByteLen and MinfoText print the runtime's
// arguments and the -Minfo spelling from it.
// Each region Var carries its data attribute (VarClass), each Loop its
// schedule, each Kernel its launch shape.
//
// Code is structured: a Stmt's Tree is a Statement (ExprStmt, DeclStmt,
// If, For, While, ...), loop bounds and steps are Exprs (Ref, Const,
// Unary, Binary, Assign, Cond, Call, Index, Member, Cast, SizeofType),
// each with its C type; FormatStatement and Format print them as C with
// exactly the parentheses the tree needs. What the IR does not model (a
// compound literal, a statement expression, asm) is Opaque, printed as
// written; analyses treat it as reading every variable it names, with
// unknown effects. Each Stmt carries its Accesses: every reference with
// its base variable, read or write, and its subscripts as polynomials
// (Affine) in the loop indices around it, which dependence analysis reads.
//
// The IR holds no cc/v4 types and imports neither the frontend nor the
// directive AST: it has its own kinds (ComputeKind, DataKind, MapMod,
// ReductionOp).
// Variables keep their C names, so kernel code reads as the user's code
// with the thread mapping around it.
package ir
