// run
// env: OMP_NUM_THREADS=4
/* The program's own OpenMP directives stay off unless the program is built
   with OpenMP (-mp, -fopenmp), on every target: -acc=multicore runs accc's
   kernels with OpenMP threads, not the program's omp directives, and does
   not define _OPENMP. */
#include <stdio.h>

int main(void) {
    int a[64], n = 0;
#pragma acc parallel loop copyout(a)
    for (int i = 0; i < 64; i++)
        a[i] = 2 * i;
#pragma omp parallel
    {
#pragma omp atomic
        n++;
    }
#ifdef _OPENMP
    printf("_OPENMP is defined\n");
#endif
    printf("a[63] = %d, omp parallel ran %d time(s)\n", a[63], n);
    return 0;
}
