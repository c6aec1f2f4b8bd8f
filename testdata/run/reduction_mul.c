// run
/* reduction(*) on char, short, int, long long, unsigned (wrapping), float
   and double; the factors are chosen so every partial product is exact. */
#include <stdio.h>
#define N 1000
int main(void) {
    char c = 1;
    short s = -1;
    int i32 = 1;
    long long ll = 2;
    unsigned u = 1;
    float f = 1;
    double d = 1;
#pragma acc parallel loop reduction(*:c, s, i32, ll, u, f, d)
    for (int i = 0; i < N; i++) {
        c *= i % 300 == 0 ? 2 : 1;
        s *= i % 100 == 0 ? 2 : 1;
        i32 *= (i % 13 == 0 ? -1 : 1) * (i % 50 == 0 ? 2 : 1);
        ll *= i % 30 == 0 ? 3 : 1;
        u *= 2u * i + 1u;
        f *= i % 64 == 0 ? 2.0f : (i % 128 == 32 ? 0.5f : 1.0f);
        d *= i % 40 == 0 ? 3.0 : 1.0;
    }
    printf("char %d short %d int %d\n", c, s, i32);
    printf("long long %lld unsigned %u\n", ll, u);
    printf("float %.6g double %.17g\n", f, d);
    return 0;
}
