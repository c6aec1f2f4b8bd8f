// run
/* Routines that use global variables with a declare directive (OpenACC
   3.4 §2.15.1, §2.13): a seq routine reads a declare copyin'd table and
   counts its calls in a declare create'd counter, directly and through
   another routine; the kernels' results and the device copy of the
   counter, brought back by update self, are checked (on emulate a routine
   that touched the host variable instead would lose its counts). */
#include <stdio.h>

#define N 64
double table[8];
int counter;
long hits[4];
#pragma acc declare copyin(table)
#pragma acc declare create(counter, hits)

#pragma acc routine seq
double lookup(int i)
{
#pragma acc atomic update
    counter += 1;
    return table[i % 8];
}

#pragma acc routine seq
double twice(int i)
{
#pragma acc atomic update
    hits[i % 4]++;
    return 2.0 * lookup(i);
}

int main(void)
{
    double a[N], b[N];
    for (int i = 0; i < 8; i++)
        table[i] = i + 0.5;
#pragma acc update device(table)
    counter = 0;
    for (int i = 0; i < 4; i++)
        hits[i] = 0;
#pragma acc update device(counter, hits)
#pragma acc parallel loop copyout(a)
    for (int i = 0; i < N; i++)
        a[i] = lookup(i);
#pragma acc parallel loop copyout(b)
    for (int i = 0; i < N; i++)
        b[i] = twice(i);
#pragma acc serial
    {
        counter += 1000; /* the region and the routines share the device copy */
    }
#pragma acc update self(counter, hits)
    int bad = 0;
    for (int i = 0; i < N; i++)
        if (a[i] != i % 8 + 0.5 || b[i] != 2 * (i % 8 + 0.5))
            bad++;
    printf("bad %d counter %d hits %ld %ld %ld %ld\n", bad, counter, hits[0], hits[1], hits[2], hits[3]);
    return bad != 0;
}
