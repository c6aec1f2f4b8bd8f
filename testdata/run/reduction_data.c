// run
/* A reduction on a compute construct implies a copy clause (OpenACC 3.4
   §2.5.15): where the variable is mapped (a data clause of the construct,
   an enclosing data region) the reduction starts from its device copy and
   ends in it, and the data clauses move the result; with async the copy
   back is ordered on the construct's queue. */
#include <stdio.h>
int main(void) {
    double t = 1.0;
    int s = 0;
#pragma acc data copy(t, s)
    {
#pragma acc parallel loop reduction(*:t) reduction(+:s)
        for (int i = 0; i < 4; i++) {
            t *= 2.0;
            s += 1;
        }
    }
    printf("data region: t %g s %d\n", t, s);

    long a = 0, b = 7;
#pragma acc parallel loop copy(a) async(5) reduction(+:a)
    for (int i = 0; i < 1000; i++)
        a += i;
#pragma acc parallel loop reduction(max:b) copy(b) async(6)
    for (int i = 0; i < 1000; i++)
        b = b > (i * 7) % 1003 ? b : (i * 7) % 1003;
#pragma acc wait(5)
#pragma acc wait(6)
    printf("async: a %ld b %ld\n", a, b);

    int d = 5;
#pragma acc data copyin(d)
    {
#pragma acc serial
        d = 10; /* the device copy: d is present */
#pragma acc parallel loop reduction(+:d)
        for (int i = 0; i < 10; i++)
            d += 1;
#pragma acc update self(d)
    }
    printf("device copy: d %d\n", d);

    char c = 0;
    short h = 1;
#pragma acc data copy(c, h)
    {
#pragma acc parallel loop reduction(+:c) reduction(*:h)
        for (int i = 0; i < 100; i++) {
            c += 1;
            h *= (i % 50 == 0) ? 3 : 1;
        }
    }
    printf("narrow: c %d h %d\n", c, h);
    return 0;
}
