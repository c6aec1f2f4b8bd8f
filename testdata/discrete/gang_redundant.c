// run -Wno-firstprivate-lost
/* Gang-redundant mode (OpenACC 3.4 §2.5.1): outside gang loops, every
   gang of a parallel construct runs the code, num_gangs gives the gangs
   (§2.5.10, an expression of the program, evaluated when the construct
   starts), each gang has its own private and firstprivate copies
   (§2.5.13, §2.5.14), a reduction combines every gang's partial result
   (§2.5.15), and a gang loop (or a gang routine's) shares its iterations
   among the gangs, running each once (§2.9.2). A GPU runs this as the
   program says; so must -acc=emulate, whose gangs run one after another.
   Plain C runs each region once: this program is for a device. */
#include <openacc.h>
#include <stdio.h>

#pragma acc routine gang
static void add_one(int *x, int n) {
#pragma acc loop gang
    for (int i = 0; i < n; i++) x[i] += 1;
}

int main(void) {
    int n = 4;

    /* s++ once per gang: 4; num_gangs(n + 1): 5. */
    int s = 0, t = 0;
#pragma acc parallel num_gangs(4) reduction(+:s)
    s++;
#pragma acc parallel num_gangs(n + 1) reduction(+:t)
    t += 1;
    printf("gangs: %d %d\n", s, t);

    /* Each gang's firstprivate copy starts from the host's value: three
       gangs each see 11 (33), not 11, 12, 13. A scalar no clause names
       is firstprivate too (§2.6.2): each gang doubles its own 1, and the
   host's stays 1 (accc warns of that, firstprivate-lost, off here). */
    int f = 10, sum_f = 0, g = 1, sum_g = 0;
#pragma acc parallel num_gangs(3) firstprivate(f) reduction(+:sum_f)
    {
        f += 1;
        sum_f += f;
    }
#pragma acc parallel num_gangs(3) reduction(+:sum_g)
    {
        g *= 2;
        sum_g += g;
    }
    printf("firstprivate: %d %d (host %d %d)\n", sum_f, sum_g, f, g);

    /* A private copy per gang, set by the gang and read by its share of
       the gang loop; the gang loop runs each iteration once whatever the
       number of gangs. */
    static int a[100], cnt[64];
    int p = -1, total = 0;
#pragma acc parallel num_gangs(4) private(p) copyout(a) copy(cnt) reduction(+:total)
    {
        p = 7;
#pragma acc loop gang
        for (int i = 0; i < 100; i++) a[i] = p + i;
#pragma acc loop gang
        for (int i = 0; i < 64; i++) cnt[i] += 1;
        total += p;
    }
    int ones = 0;
    for (int i = 0; i < 64; i++) ones += cnt[i] == 1;
    printf("private: total %d a[0] %d a[99] %d; %d of 64 iterations once\n", total, a[0], a[99], ones);

    /* A private section, filled by each gang for its own use. */
    int buf[8], sum_b = 0;
#pragma acc parallel num_gangs(2) private(buf[0:8]) reduction(+:sum_b)
    {
        for (int j = 0; j < 8; j++) buf[j] = j;
        for (int j = 0; j < 8; j++) sum_b += buf[j];
    }
    printf("private section: %d\n", sum_b);

    /* Array reduction and firstprivate array, per gang. */
    int h[3] = {0, 0, 0}, fa[3] = {1, 2, 3}, fs = 0;
#pragma acc parallel num_gangs(4) reduction(+:h[0:3])
    {
        h[0] += 1;
        h[2] += 2;
    }
#pragma acc parallel num_gangs(2) firstprivate(fa) reduction(+:fs)
    {
        fa[0] += 10;
        fs += fa[0];
    }
    printf("arrays: h %d %d %d, firstprivate array %d\n", h[0], h[1], h[2], fs);

    /* Gangs in two dimensions (OpenACC 3.3 §2.5.10): 2 x 3 gangs. */
    int six = 0;
#pragma acc parallel num_gangs(2, 3) reduction(+:six)
    six++;
    printf("2-D gangs: %d\n", six);

    /* A gang routine called from gang-redundant code: its gang loop is
       shared among the gangs too. */
    static int y[50];
#pragma acc parallel num_gangs(3) copy(y)
    add_one(y, 50);
    int once = 0;
    for (int i = 0; i < 50; i++) once += y[i] == 1;
    printf("gang routine: %d of 50 once\n", once);

    /* Every gang runs on the device. */
    int on = 0;
#pragma acc parallel num_gangs(2) reduction(+:on)
    on += acc_on_device(acc_device_not_host);
    printf("on device: %d\n", on);
    return 0;
}
