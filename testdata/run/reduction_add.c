// run
/* reduction(+) on char, short, int, long long, unsigned (wrapping),
   float and double: small integer terms keep the floating sums exact in
   any order. The reduction variables are copied back implicitly. */
#include <stdio.h>
#define N 1000
int main(void) {
    char c = 3;
    short s = -5;
    int i32 = 0;
    long long ll = 1;
    unsigned u = 7;
    float f = 0.25f;
    double d = -1;
#pragma acc parallel loop reduction(+:c, s, i32, ll, u, f, d)
    for (int i = 0; i < N; i++) {
        c += i % 9 == 0;
        s += i % 60;
        i32 += i * i;
        ll += (long long)i * 100000007;
        u += (unsigned)i * 4000000u;
        f += (float)(i % 10);
        d += i * 0.5;
    }
    printf("char %d short %d int %d\n", c, s, i32);
    printf("long long %lld unsigned %u\n", ll, u);
    printf("float %.6g double %.6g\n", f, d);
    return 0;
}
