// run
/* An atomic construct (OpenACC 3.4 §2.12) that is the unbraced body of a
   statement: the structured capture block as the body of a parallel loop,
   of an if and an else, of the inner loop of a collapsed nest and of a
   while loop; the expression forms likewise. Every value the swapped
   cell holds is captured exactly once, and the counters count every
   update. */
#include <stdio.h>
#define N 4096

int main(void) {
    static int old[N], seen[N + 1], odd[N];
    int x = -1, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;
#pragma acc parallel loop copy(x) copyout(old)
    for (int i = 0; i < N; i++)
#pragma acc atomic capture
        { old[i] = x; x = i; }
#pragma acc parallel loop copy(c1, c2) copyout(odd)
    for (int i = 0; i < N; i++)
        if (i % 2)
#pragma acc atomic capture
            { c1++; odd[i] = c1; }
        else
#pragma acc atomic capture
            { odd[i] = c2; c2 += 2; }
#pragma acc parallel loop collapse(2) copy(c3)
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
#pragma acc atomic
            c3++;
#pragma acc parallel loop copy(c4, c5)
    for (int i = 0; i < 64; i++) {
        int k = 0, last = 0;
        while (k++ < 64)
#pragma acc atomic capture
            { last = c4; c4 += 1; }
        if (last >= 0)
#pragma acc atomic update
            c5 += 1;
    }
    for (int i = 0; i < N; i++)
        seen[old[i] + 1]++;
    seen[x + 1]++;
    int ok = 1;
    for (int i = 0; i <= N; i++)
        ok &= seen[i] == 1;
    /* The odd iterations took 1 .. N/2, the even ones 0, 2, .. N-2. */
    long sodd = 0, seven = 0;
    for (int i = 0; i < N; i++)
        if (i % 2)
            sodd += odd[i];
        else
            seven += odd[i];
    printf("swaps %s\n", ok ? "ok" : "wrong");
    printf("%d %d %ld %ld\n", c1, c2, sodd, seven);
    printf("%d %d %d\n", c3, c4, c5);
    return 0;
}
