package lower

// hostChecks is the hostchecks pass: the static checks that need the
// function around a compute construct as well as its IR (hostchecks.go):
// a firstprivate scalar the construct assigns and the host reads after it
// (firstprivate-lost), copyout or create data read before anything
// writes them (data-undefined), data the host writes and the construct
// reads from a device copy nothing updated (data-stale,
// hostchecks_stale.go). Each warns only where it proves the bug
// (docs/static-checks.md); none changes the IR.
func hostChecks(rg *region) {
	rg.firstprivateLost()
	rg.undefinedReads()
	rg.staleReads()
}
