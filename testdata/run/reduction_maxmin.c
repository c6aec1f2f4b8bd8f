// run
/* reduction(max) and reduction(min) on char, short, int, long long,
   unsigned, float and double over pseudo-random data. */
#include <stdio.h>
#define N 1003
signed char ca[N]; short sa[N]; int ia[N]; long long la[N]; unsigned ua[N]; float fa[N]; double da[N];
int main(void) {
    unsigned x = 12345;
    for (int i = 0; i < N; i++) {
        x = x * 1103515245u + 12345u;
        ca[i] = (signed char)((x >> 16) % 200 - 100);
        sa[i] = (short)((x >> 8) % 60000 - 30000);
        ia[i] = (int)(x >> 1) - 1000000000;
        la[i] = (long long)x * 1000003 - 2000000000000LL;
        ua[i] = x;
        fa[i] = (float)((int)(x % 20001) - 10000) / 8;
        da[i] = ((double)x - 2e9) / 1024;
    }
    signed char cmx = -128, cmn = 127;
    short smx = -32768, smn = 32767;
    int imx = -2147483647, imn = 2147483647;
    long long lmx = -1, lmn = 0;
    unsigned umx = 0, umn = 4294967295u;
    float fmx = -1e30f, fmn = 1e30f;
    double dmx = -1e300, dmn = 1e300;
#pragma acc parallel loop reduction(max:cmx, smx, imx, lmx, umx, fmx, dmx) reduction(min:cmn, smn, imn, lmn, umn, fmn, dmn)
    for (int i = 0; i < N; i++) {
        cmx = ca[i] > cmx ? ca[i] : cmx;  cmn = ca[i] < cmn ? ca[i] : cmn;
        smx = sa[i] > smx ? sa[i] : smx;  smn = sa[i] < smn ? sa[i] : smn;
        imx = ia[i] > imx ? ia[i] : imx;  imn = ia[i] < imn ? ia[i] : imn;
        lmx = la[i] > lmx ? la[i] : lmx;  lmn = la[i] < lmn ? la[i] : lmn;
        umx = ua[i] > umx ? ua[i] : umx;  umn = ua[i] < umn ? ua[i] : umn;
        fmx = fa[i] > fmx ? fa[i] : fmx;  fmn = fa[i] < fmn ? fa[i] : fmn;
        dmx = da[i] > dmx ? da[i] : dmx;  dmn = da[i] < dmn ? da[i] : dmn;
    }
    printf("char %d %d short %d %d\n", cmx, cmn, smx, smn);
    printf("int %d %d long long %lld %lld\n", imx, imn, lmx, lmn);
    printf("unsigned %u %u\n", umx, umn);
    printf("float %.6g %.6g double %.6g %.6g\n", fmx, fmn, dmx, dmn);
    return 0;
}
