// Package codegen holds the code generators (subpackages cuda, host and
// kernel) and their golden tests: for small programs in
// testdata/*.txtar, the generated host and kernel files are locked in,
// so that a change to generated code is reviewed as a diff.
package codegen
