// run
/* goto in device code (C's goto, inside the construct's statement):
   from a switch to a label after it in the same iteration of a parallel
   loop, past initialized declarations (a const scalar, a pointer), back
   to a label of the same iteration (a retry), out of a sequential loop
   inside the iteration, in kernels loops (within an iteration: the loop
   may run in parallel; out of the loop: it runs as written), in a serial
   construct, inside one block of code a gang runs redundantly, in a seq
   routine, and in the host code of a data construct. */
#include <stdio.h>
#define N 1000

#pragma acc routine seq
static int classify(int x) {
    if (x < 0)
        goto negative;
    int half = x / 2;
    if (half * 2 == x)
        return half;
    return -x;
negative:
    return 0;
}

int main(void) {
    static int a[N], b[N], c[N], d[N], key[16];
    int first = -1, gsum = 0;
    for (int i = 0; i < 16; i++)
        key[i] = (i * 7) % 16;
#pragma acc parallel loop copyout(a) copyin(key)
    for (int i = 0; i < N; i++) {
        int v;
        switch (i % 3) {
        case 0:
            v = 1;
            goto done;
        case 1:
            v = 2;
            goto done;
        default:
            break;
        }
        if (i % 5 == 0)
            goto skip;
        const int t = i * 2;
        int *p = &v;
        *p = t;
        goto done;
    skip:
        v = -i;
    done:
        a[i] = v;
    }
#pragma acc parallel loop copyout(b) copyin(key)
    for (int i = 0; i < N; i++) {
        int tries = 0, x = i;
    again:
        tries++;
        x = x / 2;
        if (x > 3)
            goto again;
        for (int j = 0; j < 16; j++)
            if (key[j] == i % 16) {
                x += 100 * j;
                goto found;
            }
        x = -1;
    found:
        b[i] = tries * 10000 + x;
    }
#pragma acc kernels copyout(c)
    {
        for (int i = 0; i < N; i++) {
            c[i] = i;
            if (i % 2)
                goto odd;
            c[i] *= 3;
        odd:
            c[i] += 1;
        }
        for (int i = 0; i < N; i++)
            if (c[i] % 7 == 0 && i > 10) {
                first = i;
                goto found_first;
            }
    found_first:;
    }
#pragma acc serial copy(gsum) copyin(key)
    {
        int j = 0;
    next:
        gsum += key[j];
        if (++j < 16)
            goto next;
    }
#pragma acc parallel num_gangs(1) copy(gsum, a[0:10])
    {
        {
            if (gsum > 1000)
                goto big;
            gsum += 1;
        big:
            gsum *= 2;
        }
#pragma acc loop
        for (int i = 0; i < 10; i++)
            a[i] += gsum;
    }
#pragma acc parallel loop copyout(d)
    for (int i = 0; i < N; i++)
        d[i] = classify(i - 10);
#pragma acc data copy(a)
    {
        if (a[0] != 1)
            goto keep;
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            a[i] += 1;
    keep:;
    }
    long sa = 0, sb = 0, sc = 0, sd = 0;
    for (int i = 0; i < N; i++) {
        sd += (long)d[i] * (i % 5 + 1);
        sa += (long)a[i] * (i % 13 + 1);
        sb += (long)b[i] * (i % 11 + 1);
        sc += (long)c[i] * (i % 7 + 1);
    }
    printf("%d %d %d %d %d\n", a[0], a[1], a[5], a[10], a[11]);
    printf("%ld %ld %ld %ld %d %d\n", sa, sb, sc, sd, first, gsum);
    return 0;
}
