// run
/* sizeof and _Alignof in device code give what the C program sees: the
   size of a mapped array, not of the pointer through which kernels reach
   it; of a row of a two-dimensional array, an array member, a scalar,
   and of types. */
#include <stdio.h>

struct rec {
    double v[6];
    char tag;
};

int main(void) {
    int a[10] = {0};
    double m[3][4];
    struct rec r = {{0}, 'x'};
    long out[8];
#pragma acc parallel loop copy(a, m, r) copyout(out)
    for (int i = 0; i < 8; i++) {
        switch (i) {
        case 0: out[i] = sizeof(a) / sizeof(a[0]); break;
        case 1: out[i] = sizeof a; break;
        case 2: out[i] = sizeof m + sizeof m[1]; break;
        case 3: out[i] = sizeof r.v / sizeof r.v[0]; break;
        case 4: out[i] = sizeof(struct rec); break;
        case 5: out[i] = _Alignof(double) + sizeof(long); break;
        case 6: out[i] = -1 < sizeof a; break;
        default: out[i] = sizeof out; break;
        }
    }
    for (int i = 0; i < 8; i++)
        printf("%ld ", out[i]);
    printf("\n");
    return 0;
}
