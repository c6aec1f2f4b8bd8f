// run
/* C on the device (issue 13 item 6): structs by value, unions, enums,
   local arrays, while and do loops, break and continue in sequential
   loops, switch, _Bool arithmetic (++ and --, which C++ lacks on bool),
   <stdint.h> types, <math.h> functions for float and double and the
   classification macros, whose builtins CUDA knows only in host code
   (isnan, INFINITY, NAN, HUGE_VAL, fpclassify, isgreater ...), and
   __builtin_expect; acc_on_device given a device type kept in an int
   (C converts it to acc_device_t, C++ needs an overload). */
#include <stdio.h>
#include <stdint.h>
#include <math.h>
#include <stdbool.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

typedef struct { double x, y; } vec2;
typedef union { float f; uint32_t u; } bits;
enum color { RED, GREEN = 5, BLUE };

static inline double dot(vec2 a, vec2 b) { return a.x * b.x + a.y * b.y; }

int main(void) {
    int n = 64;
    double out[64];
    uint32_t ub[64];
    int32_t sw[64];
    bool flags[64];
    vec2 v = {1.5, 2.0};
    vec2 pts[64];
    for (int i = 0; i < n; i++) { pts[i].x = i; pts[i].y = -i; }
#pragma acc parallel loop copyout(out, ub, sw, flags) copyin(pts)
    for (int i = 0; i < n; i++) {
        vec2 p = pts[i];
        vec2 q = v;
        q.x += p.x;
        bits b;
        b.f = (float)i;
        ub[i] = b.u;
        double loc[4] = {1, 2, 3, 4};
        double acc = 0;
        int k = 0;
        while (k < 4) { acc += loc[k]; k++; }
        do { acc -= 1; } while (acc > 100);
        for (int j = 0; j < 10; j++) {
            if (j == 3) continue;
            if (j == 7) break;
            acc += j;
        }
        enum color c = (i % 3 == 0) ? RED : (i % 3 == 1 ? GREEN : BLUE);
        switch (c) {
        case RED: sw[i] = 1; break;
        case GREEN: sw[i] = 2; break;
        default: sw[i] = 3;
        }
        bool fl = false;
        fl++; bool g2 = true; g2--; --g2; fl = fl && g2; ++g2;
        flags[i] = fl && __builtin_expect(i > 10, 1);
        out[i] = acc + q.x * p.y + sinf((float)i) + cbrt((double)i) + expm1f(0.5f) + fmaxf(1.0f, 2.0f)
                 + isnan(p.y) + isinf(1.0 / (p.y + 1)) + signbit(p.y) + isfinite(p.x) + (p.x < INFINITY) + (NAN != NAN)
                 + fpclassify(p.y) + isgreater(p.x, 3.0) + isless(p.x, 1.0) + islessgreater(p.x, p.y) + isunordered(p.x, NAN)
                 + isnormal(p.y) + lrint(p.x / 3) + llrint(p.x / 7) + (HUGE_VAL > 1e300) + (HUGE_VALF > 1e30f)
                 + sqrt(fabs(p.y)) + tgamma(3.0) + erff(0.1f) + log1p(0.1) + hypotf(3.0f, 4.0f) + (double)(int64_t)c;
    }
    int here = 0;
#ifdef _OPENACC
    int dt = acc_get_device_type();
#pragma acc parallel copy(here)
    here = acc_on_device(dt);
#else
    here = 1;
#endif
    double s = 0; long us = 0; int ss = 0, fs = 0;
    for (int i = 0; i < n; i++) { s += out[i]; us += ub[i] % 1000; ss += sw[i]; fs += flags[i]; }
    printf("%.3f %ld %d %d %d\n", s, us, ss, fs, here);
    return 0;
}
