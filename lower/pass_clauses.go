package lower

// clauses applies the construct's queue and condition clauses, then
// its data and variable clauses, then finds the pointer members whose
// data enclosing directives map (implicitMembers): the kernels pass
// converts the statements with their variables.
func clauses(rg *region) {
	rg.b.queueClauses(rg.c, rg.p)
	rg.clauses()
	rg.implicitMembers()
}
