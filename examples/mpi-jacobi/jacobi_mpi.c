/* Distributed Jacobi relaxation of a 2-D Laplace equation: MPI + OpenACC.
 *
 * The grid (NY rows of NX points; the top edge is hot, the other edges
 * cold) is cut into blocks of rows, one per MPI rank; each rank keeps its
 * rows in device memory with one halo row above and one below, which hold
 * copies of the neighbours' edge rows and are exchanged with MPI_Sendrecv
 * after every sweep. The convergence test takes the largest change over
 * all ranks (MPI_Allreduce with MPI_MAX).
 *
 * Each rank uses one device: the rank's number among the ranks of its node
 * (the local rank) modulo the node's devices, through acc_set_device_num.
 * The halo rows move one of two ways (-H):
 *   device  the device addresses of the halo rows go to MPI_Sendrecv
 *           (#pragma acc host_data use_device): for an MPI that reads and
 *           writes GPU memory itself (CUDA-aware MPI);
 *   host    the edge rows are copied to the host (#pragma acc update self),
 *           exchanged there, and the received halo rows copied back
 *           (#pragma acc update device): for any MPI;
 *   auto    (the default) device when the MPI says it is CUDA-aware
 *           (Open MPI's MPIX_Query_cuda_support), else host.
 *
 * Build and run (see README.md; OMPI_CC is Open MPI's, MPICH_CC MPICH's):
 *     OMPI_CC=accc mpicc -acc=gpu -O2 -o jacobi_mpi jacobi_mpi.c
 *     mpirun -np 2 ./jacobi_mpi -x 4096 -y 4096 -i 1000
 *
 * Options: -x NX, -y NY (points, boundaries included), -i maximum
 * iterations, -t tolerance (0: run all iterations), -H device|host|auto,
 * -c (rank 0 checks the result point by point against a serial Jacobi on
 * the host: it must match exactly), -v (each rank says where it runs).
 *
 * The result does not depend on the number of ranks: every point is
 * computed from the same four neighbours with the same arithmetic, and the
 * checksum adds the rows in the same order (each row's sum, then the rows
 * in order on rank 0), so 1 and N ranks print the same checksum, digit for
 * digit. */
#include <math.h>
#include <mpi.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h> /* MPIX_CUDA_AWARE_SUPPORT, MPIX_Query_cuda_support */
#endif

#define IDX(i, j) ((size_t)(i) * nx + (j))

static int nx = 1024, ny = 1024, max_iter = 1000;
static double tol = 1.0e-5;

/* The value of global row gi on the boundary: the top edge is hot. */
static double boundary(int gi) { return gi == 0 ? 1.0 : 0.0; }

/* The local rank: the environment of the launcher when it gives one (read
 * before MPI_Init, so that a CUDA-aware MPI starts on the right device),
 * else the rank in a communicator of the ranks that share this node's
 * memory (MPI_Comm_split_type, MPI-3). */
static int env_local_rank(void) {
    static const char *vars[] = {"OMPI_COMM_WORLD_LOCAL_RANK", /* Open MPI's mpirun */
                                 "MPI_LOCALRANKID",            /* MPICH's and Intel MPI's Hydra */
                                 "MV2_COMM_WORLD_LOCAL_RANK",  /* MVAPICH2 */
                                 "SLURM_LOCALID",              /* srun */
                                 "PMI_LOCAL_RANK"};
    for (size_t k = 0; k < sizeof vars / sizeof vars[0]; k++) {
        const char *v = getenv(vars[k]);
        if (v && *v)
            return atoi(v);
    }
    return -1;
}

static int shared_local_rank(void) {
    MPI_Comm node;
    int r;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &r);
    MPI_Comm_free(&node);
    return r;
}

/* Rank-to-device binding: local rank modulo the devices of this build's
 * device type (the GPUs on -acc=gpu, the emulated devices on -acc=emulate,
 * the host on -acc=host and -acc=multicore). */
static int bind_device(int local) {
    acc_device_t type = acc_get_device_type();
    int ndev = acc_get_num_devices(type);
    if (ndev < 1)
        return -1;
    acc_set_device_num(local % ndev, type);
    return acc_get_device_num(type);
}

/* Whether the MPI library can take device addresses. */
static int mpi_cuda_aware(void) {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    return MPIX_Query_cuda_support();
#else
    return 0;
#endif
}

/* A serial Jacobi on the host over the whole grid, for -c. */
static int serial_jacobi(double *g, double *gnew, double *err_out) {
    double err = 1.0;
    int iter = 0;
    while (err > tol && iter < max_iter) {
        err = 0.0;
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j < nx - 1; j++) {
                gnew[IDX(i, j)] = 0.25 * (g[IDX(i - 1, j)] + g[IDX(i + 1, j)] + g[IDX(i, j - 1)] + g[IDX(i, j + 1)]);
                err = fmax(err, fabs(gnew[IDX(i, j)] - g[IDX(i, j)]));
            }
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j < nx - 1; j++)
                g[IDX(i, j)] = gnew[IDX(i, j)];
        iter++;
    }
    *err_out = err;
    return iter;
}

static void usage(const char *prog) {
    fprintf(stderr, "usage: %s [-x NX] [-y NY] [-i MAXITER] [-t TOL] [-H device|host|auto] [-c] [-v]\n", prog);
    exit(2);
}

int main(int argc, char **argv) {
    /* Bind before MPI_Init when the launcher says the local rank. */
    int local = env_local_rank(), dev = -1;
    if (local >= 0)
        dev = bind_device(local);
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (local < 0) {
        local = shared_local_rank();
        dev = bind_device(local);
    }

    const char *halo_mode = "auto";
    int check = 0, verbose = 0, opt;
    while ((opt = getopt(argc, argv, "x:y:i:t:H:cv")) != -1) {
        switch (opt) {
        case 'x': nx = atoi(optarg); break;
        case 'y': ny = atoi(optarg); break;
        case 'i': max_iter = atoi(optarg); break;
        case 't': tol = atof(optarg); break;
        case 'H': halo_mode = optarg; break;
        case 'c': check = 1; break;
        case 'v': verbose = 1; break;
        default: usage(argv[0]);
        }
    }
    int device_halo;
    if (strcmp(halo_mode, "device") == 0)
        device_halo = 1;
    else if (strcmp(halo_mode, "host") == 0)
        device_halo = 0;
    else if (strcmp(halo_mode, "auto") == 0)
        device_halo = mpi_cuda_aware();
    else
        usage(argv[0]);
    if (nx < 3 || ny < 2 + size || max_iter < 0) {
        if (rank == 0)
            fprintf(stderr, "jacobi_mpi: need NX >= 3 and NY >= 2 + ranks (%d), got %d x %d\n", size, nx, ny);
        MPI_Finalize();
        return 2;
    }

    /* Row blocks: the ny-2 inner rows, the first (ny-2)%size ranks one
     * more. Local row i (1..nloc) is global row first+i-1; local rows 0
     * and nloc+1 are the halo (on the first and last rank, the fixed
     * boundary rows). */
    int inner = ny - 2, nloc = inner / size + (rank < inner % size);
    int first = 1 + rank * (inner / size) + (rank < inner % size ? rank : inner % size);
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    size_t n = (size_t)(nloc + 2) * nx;
    double *restrict a = malloc(n * sizeof *a), *restrict anew = malloc(n * sizeof *anew);
    if (!a || !anew) {
        fprintf(stderr, "jacobi_mpi: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (int i = 0; i < nloc + 2; i++)
        for (int j = 0; j < nx; j++) {
            int gi = first + i - 1;
            a[IDX(i, j)] = anew[IDX(i, j)] = (gi == 0 || gi == ny - 1 || j == 0 || j == nx - 1) ? boundary(gi) : 0.0;
        }

    if (verbose) {
        char host[256] = "?";
        gethostname(host, sizeof host);
        printf("rank %d of %d on %s: local rank %d, device %d of %d, rows %d..%d\n", rank, size, host, local, dev,
               acc_get_num_devices(acc_get_device_type()), first, first + nloc - 1);
        fflush(stdout);
    }

    double err = 1.0, t_halo = 0.0, t_reduce = 0.0;
    int iter = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
#pragma acc data copy(a[0:n]) create(anew[0:n])
    {
        while (err > tol && iter < max_iter) {
            double lerr = 0.0;
#pragma acc parallel loop collapse(2) reduction(max:lerr) present(a[0:n], anew[0:n])
            for (int i = 1; i <= nloc; i++)
                for (int j = 1; j < nx - 1; j++) {
                    anew[IDX(i, j)] = 0.25 * (a[IDX(i - 1, j)] + a[IDX(i + 1, j)] + a[IDX(i, j - 1)] + a[IDX(i, j + 1)]);
                    lerr = fmax(lerr, fabs(anew[IDX(i, j)] - a[IDX(i, j)]));
                }
#pragma acc parallel loop collapse(2) present(a[0:n], anew[0:n])
            for (int i = 1; i <= nloc; i++)
                for (int j = 1; j < nx - 1; j++)
                    a[IDX(i, j)] = anew[IDX(i, j)];

            /* Halo exchange: the first row goes up and the row below comes
             * from down; the last row goes down and the row above comes
             * from up. MPI_PROC_NULL at the ends makes it a no-op there. */
            double th = MPI_Wtime();
            if (device_halo) {
#pragma acc host_data use_device(a)
                {
                    MPI_Sendrecv(a + IDX(1, 0), nx, MPI_DOUBLE, up, 0, a + IDX(nloc + 1, 0), nx, MPI_DOUBLE, down, 0,
                                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Sendrecv(a + IDX(nloc, 0), nx, MPI_DOUBLE, down, 1, a + IDX(0, 0), nx, MPI_DOUBLE, up, 1,
                                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                }
            } else {
#pragma acc update self(a[IDX(1, 0):nx], a[IDX(nloc, 0):nx])
                MPI_Sendrecv(a + IDX(1, 0), nx, MPI_DOUBLE, up, 0, a + IDX(nloc + 1, 0), nx, MPI_DOUBLE, down, 0,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Sendrecv(a + IDX(nloc, 0), nx, MPI_DOUBLE, down, 1, a + IDX(0, 0), nx, MPI_DOUBLE, up, 1,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                if (up != MPI_PROC_NULL) {
#pragma acc update device(a[0:nx])
                }
                if (down != MPI_PROC_NULL) {
#pragma acc update device(a[IDX(nloc + 1, 0):nx])
                }
            }
            double tr = MPI_Wtime();
            t_halo += tr - th;
            MPI_Allreduce(&lerr, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            t_reduce += MPI_Wtime() - tr;
            iter++;
        }
    }
    double t_total = MPI_Wtime() - t0;

    /* The checksum: each row's sum, the rows added in order on rank 0. */
    int nrows = nloc + (rank == 0) + (rank == size - 1), row0 = rank == 0 ? 0 : 1;
    double *rowsum = malloc((size_t)nrows * sizeof *rowsum);
    for (int r = 0; r < nrows; r++) {
        double s = 0.0;
        for (int j = 0; j < nx; j++)
            s += a[IDX(row0 + r, j)];
        rowsum[r] = s;
    }
    int *counts = NULL, *displs = NULL;
    double *allsums = NULL;
    if (rank == 0) {
        counts = malloc((size_t)size * sizeof *counts);
        displs = malloc((size_t)size * sizeof *displs);
        allsums = malloc((size_t)ny * sizeof *allsums);
    }
    MPI_Gather(&nrows, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (int r = 0, d = 0; r < size; d += counts[r], r++)
            displs[r] = d;
    MPI_Gatherv(rowsum, nrows, MPI_DOUBLE, allsums, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    /* Timings: the slowest rank's. */
    double mine[3] = {t_total, t_halo, t_reduce}, worst[3];
    MPI_Reduce(mine, worst, 3, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    /* -c: the whole grid on rank 0, against a serial Jacobi. */
    double *grid = NULL;
    if (check) {
        if (rank == 0)
            grid = malloc((size_t)nx * ny * sizeof *grid);
        int cnt = nrows * nx;
        MPI_Gather(&cnt, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank == 0)
            for (int r = 0, d = 0; r < size; d += counts[r], r++)
                displs[r] = d;
        MPI_Gatherv(a + IDX(row0, 0), cnt, MPI_DOUBLE, grid, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }

    int status = 0;
    if (rank == 0) {
        double sum = 0.0;
        for (int r = 0; r < ny; r++)
            sum += allsums[r];
        printf("jacobi_mpi: %d rank%s, grid %d x %d, halo exchange: %s\n", size, size == 1 ? "" : "s", nx, ny,
               device_halo ? "device buffers (host_data use_device)" : "host buffers (update self/device)");
        printf("iterations: %d\nresidual: %.6e\nchecksum: %.17g\n", iter, err, sum);
        printf("time: %.3f s, halo exchange %.3f s (%.1f%%), allreduce %.3f s (%.1f%%)\n", worst[0], worst[1],
               100.0 * worst[1] / worst[0], worst[2], 100.0 * worst[2] / worst[0]);
        printf("timing: ranks=%d nx=%d ny=%d iters=%d total=%.6f halo=%.6f reduce=%.6f\n", size, nx, ny, iter,
               worst[0], worst[1], worst[2]);
        if (check) {
            double *g = malloc((size_t)nx * ny * sizeof *g), *gnew = malloc((size_t)nx * ny * sizeof *gnew), serr;
            for (int i = 0; i < ny; i++)
                for (int j = 0; j < nx; j++)
                    g[IDX(i, j)] = gnew[IDX(i, j)] = (i == 0 || i == ny - 1 || j == 0 || j == nx - 1) ? boundary(i) : 0.0;
            int siter = serial_jacobi(g, gnew, &serr);
            double maxdiff = 0.0;
            for (size_t k = 0; k < (size_t)nx * ny; k++)
                maxdiff = fmax(maxdiff, fabs(g[k] - grid[k]));
            int ok = siter == iter && serr == err && maxdiff == 0.0;
            printf("check: %s the serial Jacobi (%d iterations, residual %.6e, max |difference| %.3g)\n",
                   ok ? "matches" : "DIFFERS FROM", siter, serr, maxdiff);
            status = !ok;
            free(g);
            free(gnew);
        }
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(a);
    free(anew);
    free(rowsum);
    free(grid);
    free(counts);
    free(displs);
    free(allsums);
    MPI_Finalize();
    return status;
}
