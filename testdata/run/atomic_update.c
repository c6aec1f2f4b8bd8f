// run
/* The atomic update forms (OpenACC 3.4 §2.12) across every iteration of
   parallel loops, on integer and floating types of each width: counters,
   a histogram, products and quotients through compare-and-swap, bit
   operations, shifts, the reversed form x = expr binop x, and the if
   clause. Every result is exact whatever the order of the updates. */
#include <stdio.h>
#define N 4096
#define BINS 17

int main(void) {
    int count = 0, hist[BINS] = {0}, sub = 0;
    long long big = 0;
    unsigned u = 0, orbits = 0, xbits = 0, andbits = ~0u;
    unsigned long long ull = 0;
    short sh = 0;
    char ch = 0;
    unsigned char uc = 0;
    float fsum = 0;
    double dsum = 0, prod = 1, quot = 1 << 20;
    long shifts = 1;
    int rev = 1000000, cond = 0, inc = 0, dec = 0;
    int data[N];
    for (int i = 0; i < N; i++)
        data[i] = (i * 7919) % 1000;

#pragma acc parallel loop copy(count, hist[0:BINS], sub, big, u, orbits, xbits, andbits, ull, sh, ch, uc, fsum, dsum, cond, inc, dec) copyin(data[0:N])
    for (int i = 0; i < N; i++) {
#pragma acc atomic
        count++;
#pragma acc atomic update
        hist[data[i] % BINS] += 1;
#pragma acc atomic update
        sub -= 2;
#pragma acc atomic update
        big = big + (long long)data[i] * 1000000;
#pragma acc atomic update
        u += 3u;
#pragma acc atomic update
        orbits |= 1u << (i % 32);
#pragma acc atomic update
        xbits ^= (unsigned)i;
#pragma acc atomic update
        andbits &= ~(1u << (i % 31));
#pragma acc atomic update
        ull += 1ull << 33;
#pragma acc atomic update
        sh += 1;
#pragma acc atomic update
        ch ^= (char)(1 << (i % 7));
#pragma acc atomic update
        ++uc;
#pragma acc atomic update
        fsum += 0.5f;
#pragma acc atomic update
        dsum = 0.25 + dsum;
#pragma acc atomic update if(i >= 0)
        cond += 1;
#pragma acc atomic
        --dec;
#pragma acc atomic
        inc = inc + 2;
    }

#pragma acc parallel loop copy(prod, quot, shifts, rev)
    for (int i = 0; i < 40; i++) {
#pragma acc atomic update
        prod *= 2.0;
        if (i < 20) {
#pragma acc atomic update
            quot /= 2;
#pragma acc atomic update
            shifts <<= 1;
        }
        if (i < 3) {
#pragma acc atomic update
            rev = 10 - rev;
        }
    }

    int total = 0;
    for (int b = 0; b < BINS; b++)
        total += hist[b];
    printf("count %d total %d hist0 %d hist16 %d sub %d\n", count, total, hist[0], hist[16], sub);
    printf("big %lld u %u orbits %x xbits %x andbits %x ull %llu\n", big, u, orbits, xbits, andbits, ull);
    printf("sh %d ch %d uc %d fsum %.1f dsum %.2f cond %d inc %d dec %d\n", sh, ch, uc, fsum, dsum, cond, inc, dec);
    printf("prod %.0f quot %.1f shifts %ld rev %d\n", prod, quot, shifts, rev);
    return 0;
}
