/* bench.h: what every benchmark program of bench/ shares, in C (the OpenACC
   versions) and CUDA C++ (the references). Output, one item a line, read by
   scripts/bench.sh:
     NAME size ...          the problem size (free text)
     checksum X             the result (compared with a relative tolerance)
     work X UNIT            the nominal work of the timed part; UNIT flop,
                            byte (DRAM traffic), xfer-byte (host-device
                            transfers) or launch, shown as GFLOP/s, GB/s or
                            microseconds per launch
     time_ms X              the timed part (see each program's header)
     total_ms X             the timed part with the transfers around it      */
#ifndef BENCH_H
#define BENCH_H
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

static double now_ms(void) {
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec * 1e3 + tv.tv_usec / 1e3;
}

/* arg(argc, argv, i, def): the i-th command-line argument as an int, or def. */
static int arg(int argc, char **argv, int i, int def) {
    return argc > i ? atoi(argv[i]) : def;
}

static void report(double checksum, double work, const char *unit, double ms, double total_ms) {
    printf("checksum %.12e\n", checksum);
    printf("work %.6e %s\n", work, unit);
    printf("time_ms %.3f\n", ms);
    printf("total_ms %.3f\n", total_ms);
}
#endif
