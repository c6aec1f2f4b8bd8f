/* overlap: transfers overlapped with computation on several async queues. An
   array of n doubles goes to the device in chunks, each chunk is computed
   (iters steps of an affine recurrence per element) and its result comes
   back, chunk c on queue 1 + c % nq, then one wait for all. The host arrays
   are plain malloc memory, as an OpenACC program has. Default n 2^26, 32
   chunks, 4 queues, 2000 steps (argv[1..4]: n chunks queues iters; n a
   multiple of chunks). Timed: the chunks with their transfers and the wait
   (time_ms); with the allocation of device memory (total_ms). Work: the bytes
   transferred, 2n doubles (unit xfer-byte: GB/s over the host link, no
   fraction of the DRAM peak). */
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 1 << 26), chunks = arg(argc, argv, 2, 32);
    int nq = arg(argc, argv, 3, 4), iters = arg(argc, argv, 4, 2000);
    int cs = n / chunks;
    double *restrict a = malloc(sizeof(double) * n), *restrict b = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) { a[i] = (double)(i % 4096) / 4096.0; b[i] = 0.0; }
    double ts = now_ms(), t0, t1;
#pragma acc data create(a[0:n], b[0:n])
    {
        t0 = now_ms();
        for (int c = 0; c < chunks; c++) {
            int q = 1 + c % nq, lo = c * cs, hi = lo + cs;
#pragma acc update device(a[lo:cs]) async(q)
#pragma acc parallel loop async(q)
            for (int i = lo; i < hi; i++) {
                double v = a[i], s = 0.001 * (i % 3);
                for (int it = 0; it < iters; it++) v = v * 0.999 + s;
                b[i] = v;
            }
#pragma acc update self(b[lo:cs]) async(q)
        }
#pragma acc wait
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++) sum += b[i];
    printf("overlap n %d chunks %d queues %d iters %d\n", n, chunks, nq, iters);
    report(sum, 2.0 * n * sizeof(double), "xfer-byte", t1 - t0, te - ts);
    return 0;
}
