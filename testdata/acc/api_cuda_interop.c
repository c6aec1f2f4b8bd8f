// run
/* CUDA interoperability (Appendix A.2.1): on -acc=gpu the queues have CUDA
   streams and there is a current device and context; on the CPU targets
   the routines return NULL (and acc_set_cuda_stream 0). */
#include <openacc.h>
#include <stdio.h>

#define N 1000
float x[N];

int main(void) {
    int gpu = acc_get_device_type() == acc_device_nvidia;
    void *s1 = acc_get_cuda_stream(1), *s2 = acc_get_cuda_stream(2);
    printf("streams as expected: %d\n", (s1 != NULL) == gpu && (s2 != NULL) == gpu);
    printf("distinct queues, distinct streams: %d\n", !gpu || s1 != s2);
    printf("same queue, same stream: %d\n", acc_get_cuda_stream(1) == s1);
    printf("device and context as expected: %d %d\n", (acc_get_current_cuda_device() != NULL) == gpu,
           (acc_get_current_cuda_context() != NULL) == gpu);
    /* queue 3 takes queue 2's stream: work on either is ordered */
    printf("set stream: %d\n", acc_set_cuda_stream(3, s2) == gpu);
    for (int i = 0; i < N; i++) x[i] = i;
    acc_copyin_async(x, sizeof x, 2);
#pragma acc parallel loop present(x) async(3)
    for (int i = 0; i < N; i++) x[i] = x[i] + 1;
    acc_copyout_async(x, sizeof x, 3);
    acc_wait(2);
    acc_wait(3);
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    printf("sum %.0f\n", s);
    return 0;
}
