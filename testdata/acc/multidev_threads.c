// run -mp
// env: ACCC_EMULATE_DEVICES=2
/* OpenMP host threads each driving a device (OpenACC 3.4 §3.2.4: the
   current device is per host thread): thread k selects device k % n and
   runs its compute regions there, concurrently with the other threads,
   on data of its own; every thread keeps its own device whatever the
   others select. n is 2 on -acc=emulate (ACCC_EMULATE_DEVICES=2) and on
   a machine with two GPUs, 1 on -acc=host and multicore; the output is
   the same. */
#include <omp.h>
#include <openacc.h>
#include <stdio.h>

#define T 4
#define N 4096
static double v[T][N];
static double sums[T];
static int devs[T], seen[T], present[T][T];

int main(void) {
    acc_device_t t = acc_get_device_type();
    int n = acc_get_num_devices(t);
#pragma omp parallel num_threads(T)
    {
        int k = omp_get_thread_num(), d = k % n;
        double s = 0;
        acc_set_device_num(d, t);
        devs[k] = d;
        for (int i = 0; i < N; i++) v[k][i] = i;
#pragma acc enter data copyin(v[k][0:N])
#pragma omp barrier
        /* Every thread has selected its device and mapped its row. */
        seen[k] = acc_get_device_num(t);
        for (int j = 0; j < T; j++) present[k][j] = acc_is_present(v[j], sizeof v[j]);
#pragma omp barrier
        for (int rep = 0; rep < 20; rep++) {
#pragma acc parallel loop present(v[k][0:N])
            for (int i = 0; i < N; i++) v[k][i] = v[k][i] * 0.5 + k;
        }
#pragma acc parallel loop present(v[k][0:N]) reduction(+:s)
        for (int i = 0; i < N; i++) s += v[k][i];
        sums[k] = s;
#pragma acc exit data copyout(v[k][0:N])
    }
    int bad_dev = 0, bad_present = 0, bad_values = 0;
    for (int k = 0; k < T; k++) {
        bad_dev += seen[k] != devs[k];
        /* Each thread sees the rows of the threads on its device only (on
           shared memory the one device holds them all). */
        for (int j = 0; j < T; j++) bad_present += present[k][j] != (devs[j] == devs[k]);
        double s = 0;
        for (int i = 0; i < N; i++) {
            double x = i;
            for (int rep = 0; rep < 20; rep++) x = x * 0.5 + k;
            bad_values += v[k][i] != x;
            s += x;
        }
        bad_values += sums[k] != s;
    }
    printf("threads keep their own device: %s\n", bad_dev ? "wrong" : "ok");
    printf("rows present on their device only: %s\n", bad_present ? "wrong" : "ok");
    printf("results: %s\n", bad_values ? "wrong" : "ok");
    return 0;
}
