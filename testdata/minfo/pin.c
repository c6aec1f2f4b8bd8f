// minfo -acc=gpu -Minfo=accel
// Data that update directives with async move inside a data construct (or
// after an enter data directive) stay page-locked while present, so that
// the transfers overlap (ACCRT_PIN); data updated synchronously do not.
void chunks(int n, int cs, double *a, double *b, double *c) {
#pragma acc data create(a[0:n], b[0:n]) copy(c[0:n]) // want remark:"Generating create(a[:n]) [if not already present]" remark:"Page-locking the host memory of a[:n] while present: async updates transfer it" remark:"Generating create(b[:n]) [if not already present]" remark:"Page-locking the host memory of b[:n] while present: async updates transfer it" remark:"Generating copy(c[:n]) [if not already present]"
    {
        for (int lo = 0; lo < n; lo += cs) {
#pragma acc update device(a[lo:cs]) async(1)
#pragma acc update self(b[lo:cs]) async(2)
        }
#pragma acc update self(c[0:n])
#pragma acc wait
    }
}

void later(int n, double *a) {
#pragma acc enter data create(a[0:n]) // want remark:"Page-locking the host memory of a[:n] while present: async updates transfer it"
#pragma acc update device(a[0:n]) async
#pragma acc exit data delete(a[0:n])
}
