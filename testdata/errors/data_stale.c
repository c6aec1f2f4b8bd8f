// errorcheck -acc=gpu -Wno-data-movement
/* data-stale (lower/hostchecks_stale.go): the host writes data that a
   data construct or an enter data directive keeps on the device, and a
   construct then reads the device copy with nothing updating it in
   between (OpenACC 3.4 §2.14.4). The negative cases are correct
   programs of the same shapes, and writes the device copy may see. */
#include <stdio.h>
#include <openacc.h>
#define N 1000
void init(double *p, int n);

void stale(int n, double *restrict c, double *restrict r, double *restrict w) {
#pragma acc data copyin(c[0:N]) copyout(r[0:N])
    {
        for (int i = 0; i < N; i++)
            c[i] *= 10.0;
#pragma acc parallel loop // want warning:"'c' is read on the device at line 19, but the host wrote it at line 16, after the data construct at line 13 put its copy on the device, and nothing updates that copy before this construct: the kernel reads the old values; add '#pragma acc update device(c[0:1000])' after line 16"
        for (int i = 0; i < N; i++)
            r[i] = c[i];
    }
    double t = 0;
#pragma acc enter data copyin(w[0:n])
    for (int i = 0; i <= n - 1; i++)
        w[i] = 1.0;
    printf("%d\n", n);
#pragma acc parallel loop present(w[0:n]) reduction(+:t) // want warning:"'w' is read on the device at line 28, but the host wrote it at line 24, after the enter data directive at line 22 put its copy on the device, and nothing updates that copy before this construct: the kernel reads the old values; add '#pragma acc update device(w[0:n])' after line 24"
    for (int i = 0; i < n; i++)
        t += w[i];
#pragma acc data copy(c[0:N], r[0:N])
    {
        for (int i = 0; i < 10; i++)
            c[i] = 0;
#pragma acc parallel loop // want warning:"'c' is read on the device at line 35, but the host wrote it at line 32, after the data construct at line 29 put its copy on the device, and nothing updates that copy before this construct: the kernel reads the old values; add '#pragma acc update device(c[0:10])' after line 32"
        for (int i = 0; i < N - 1; i++)
            r[i] = c[i + 1];
    }
#pragma acc exit data delete(w[0:n])
}

/* Correct programs, and writes the device copy may see: no warning. */
void fresh(int n, int m, int flag, double *restrict c, double *restrict r) {
#pragma acc data copyin(c[0:N]) copyout(r[0:N])
    {
        /* update device refreshes the copy; a call may; copyin(always:)
           does. */
        for (int i = 0; i < N; i++)
            c[i] *= 10.0;
#pragma acc update device(c[0:N])
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            r[i] = c[i];
        for (int i = 0; i < N; i++)
            c[i] += 1.0;
        acc_update_device(c, N * sizeof *c);
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            r[i] = c[i];
        for (int i = 0; i < N; i++)
            c[i] += 1.0;
        init(c, N);
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            r[i] = c[i];
        for (int i = 0; i < N; i++)
            c[i] += 1.0;
#pragma acc parallel loop copyin(always: c[0:N])
        for (int i = 0; i < N; i++)
            r[i] = c[i];
        /* Elements the kernel does not read; a range the host's does not
           cover; a conditional write; a kernel that writes first. */
        for (int i = 0; i < 10; i++)
            c[i] = 0;
#pragma acc parallel loop
        for (int i = 10; i < N; i++)
            r[i] = c[i];
        for (int i = 0; i < m; i++)
            c[i] = 0;
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            r[i] = c[i];
        if (flag)
            for (int i = 0; i < N; i++)
                c[i] = 0;
#pragma acc parallel loop
        for (int i = 0; i < N; i++)
            r[i] = c[i];
        for (int i = 0; i < N; i++)
            c[i] = 0;
#pragma acc parallel loop
        for (int i = 0; i < N; i++) {
            c[i] = i;
            r[i] = c[i];
        }
    }
    /* A data construct with if may leave c on the host; without one
       around, the construct copies c in. */
#pragma acc data copyin(c[0:N]) if(flag)
    {
        for (int i = 0; i < N; i++)
            c[i] *= 10.0;
#pragma acc parallel loop copyout(r[0:N])
        for (int i = 0; i < N; i++)
            r[i] = c[i];
    }
    for (int i = 0; i < N; i++)
        c[i] *= 10.0;
#pragma acc parallel loop copyin(c[0:N]) copyout(r[0:N])
    for (int i = 0; i < N; i++)
        r[i] = c[i];
}
