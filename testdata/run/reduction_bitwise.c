// run
/* reduction(&), (|) and (^) on char, short, int, unsigned and long long. */
#include <stdio.h>
#define N 777
unsigned char ca[N]; short sa[N]; int ia[N]; unsigned ua[N]; long long la[N];
int main(void) {
    unsigned x = 99;
    for (int i = 0; i < N; i++) {
        x = x * 1664525u + 1013904223u;
        ca[i] = (unsigned char)(x >> 24) | 0x81;
        sa[i] = (short)(x >> 12) | 0x4002;
        ia[i] = (int)(x >> 3) | 0x10000001;
        ua[i] = x | 0x80000000u;
        la[i] = ((long long)x << 20) | 0x400000000001LL;
    }
    unsigned char cand = 0xff, cor = 0, cxor = 0;
    short sand = -1, sor = 0, sxor = 0;
    int iand = -1, ior = 0, ixor = 0;
    unsigned uand = ~0u, uor = 0, uxor = 0;
    long long land = -1, lor = 0, lxor = 0;
#pragma acc parallel loop reduction(&:cand, sand, iand, uand, land) reduction(|:cor, sor, ior, uor, lor) reduction(^:cxor, sxor, ixor, uxor, lxor)
    for (int i = 0; i < N; i++) {
        cand &= ca[i]; cor |= ca[i] & 0x3c; cxor ^= ca[i];
        sand &= sa[i]; sor |= sa[i] & 0x0ff0; sxor ^= sa[i];
        iand &= ia[i]; ior |= ia[i] & 0x00ffff00; ixor ^= ia[i];
        uand &= ua[i]; uor |= ua[i]; uxor ^= ua[i];
        land &= la[i]; lor |= la[i]; lxor ^= la[i];
    }
    printf("char %#x %#x %#x\n", cand, cor, cxor);
    printf("short %#x %#x %#x\n", (unsigned short)sand, (unsigned short)sor, (unsigned short)sxor);
    printf("int %#x %#x %#x\n", (unsigned)iand, (unsigned)ior, (unsigned)ixor);
    printf("unsigned %#x %#x %#x\n", uand, uor, uxor);
    printf("long long %#llx %#llx %#llx\n", (unsigned long long)land, (unsigned long long)lor, (unsigned long long)lxor);
    return 0;
}
