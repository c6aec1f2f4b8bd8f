// errorcheck
/* swACC (Sunway TaihuLight) extensions are recognised and rejected. */
void f(int n, double *a) {
#pragma acc parallel loop copyin(a[0:n]) swapin(a) // want error:"not supported on CUDA targets"
    for (int i = 0; i < n; i++) a[i] += 1;
}
