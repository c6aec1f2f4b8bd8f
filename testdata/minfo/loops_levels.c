// minfo -acc=gpu -Minfo=accel
// Dependence-analysis corpus: parallel and carried loops at each level of
// 1-, 2- and 3-deep kernels nests over global arrays (distinct arrays never
// alias), with distances 1, 2 and a symbolic k, in both directions (a read
// of a[i+1] before a[i] is written carries an anti-dependence).
#define N 64
float a1[N], b1[N];
float A[N][N], B[N][N];
float C[N][N][N], D[N][N][N];

void one_deep(int k) {
#pragma acc kernels // want remark:"Generating implicit copyin(b1[:]) [if not already present]" remark:"Generating implicit copy(a1[:]) [if not already present]"
    {
        // independent: each iteration writes its own element
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a1[i] = b1[i] * 2;
        // flow dependence, distance 1: a1[i-1] written by the previous iteration
        for (int i = 1; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i] written at line 19, a1[i - 1] read at line 19: distance 1, direction (<)"
            a1[i] = a1[i - 1] + b1[i];
        // flow dependence, distance 2
        for (int i = 2; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i] written at line 22, a1[i - 2] read at line 22: distance 2, direction (<)"
            a1[i] = a1[i - 2] * 0.5f;
        // distance k (symbolic): a dependence whenever k > 0
        for (int i = k; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i] written at line 25, a1[i - k] read at line 25: direction (!=)"
            a1[i] = a1[i - k] + 1;
        // anti-dependence, distance 1: a1[i+1] read before the next iteration writes it
        for (int i = 0; i < N - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i] written at line 28, a1[i + 1] read at line 28: distance 1, direction (>)"
            a1[i] = a1[i + 1] + b1[i];
        // the write leads: a1[i+1] written, a1[i] read (flow, distance 1)
        for (int i = 0; i < N - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i + 1] written at line 31, a1[i] read at line 31: distance 1, direction (<)"
            a1[i + 1] = a1[i] * 0.5f;
        // anti-dependence, distance 2
        for (int i = 0; i < N - 2; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i] written at line 34, a1[i + 2] read at line 34: distance 2, direction (>)"
            a1[i] = a1[i + 2] - b1[i];
    }
}

void two_deep(int k) {
#pragma acc kernels // want remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    {
        // both levels independent
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
            for (int j = 0; j < N; j++) // want remark:"Loop is parallelizable" remark:"  /* collapsed */"
                A[i][j] = B[i][j] + 1;
        // outer carried (distance 1), inner independent
        for (int i = 1; i < N; i++) // want remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 48, A[i - 1][j] read at line 48: distance 1, direction (<,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 0; j < N; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[i][j] = A[i - 1][j] + B[i][j];
        // outer independent, inner carried (distance 1)
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            for (int j = 1; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 52, A[i][j - 1] read at line 52: distance 1, direction (=,<)"
                A[i][j] = A[i][j - 1] + B[i][j];
        // both levels carried
        for (int i = 1; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 56, A[i - 1][j] read at line 56: distance 1, direction (<,=)"
            for (int j = 1; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 56, A[i][j - 1] read at line 56: distance 1, direction (=,<)"
                A[i][j] = A[i - 1][j] + A[i][j - 1];
        // outer carried, distance 2
        for (int i = 2; i < N; i++) // want remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 60, A[i - 2][j] read at line 60: distance 2, direction (<,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 0; j < N; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[i][j] = A[i - 2][j] * 0.5f;
        // inner carried, distance 2
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            for (int j = 2; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 64, A[i][j - 2] read at line 64: distance 2, direction (=,<)"
                A[i][j] = A[i][j - 2] * 0.5f;
        // outer anti-dependence (row i+1 read before it is written)
        for (int i = 0; i < N - 1; i++) // want remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 68, A[i + 1][j] read at line 68: distance 1, direction (>,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 0; j < N; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[i][j] = A[i + 1][j] + B[i][j];
        // inner anti-dependence
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            for (int j = 0; j < N - 1; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 72, A[i][j + 1] read at line 72: distance 1, direction (=,>)"
                A[i][j] = A[i][j + 1] + B[i][j];
        // diagonal (<,<): carried by the outer loop only
        for (int i = 1; i < N; i++) // want remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 76, A[i - 1][j - 1] read at line 76: distance 1, direction (<,<)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 1; j < N; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[i][j] = A[i - 1][j - 1] + B[i][j];
        // direction (<,>): carried by the outer loop only
        for (int i = 1; i < N; i++) // want remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 80, A[i - 1][j + 1] read at line 80: distance 1, direction (<,>)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 0; j < N - 1; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[i][j] = A[i - 1][j + 1] + B[i][j];
        // inner carried at symbolic distance k, outer independent
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            for (int j = k; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 84, A[i][j - k] read at line 84: direction (=,!=)"
                A[i][j] = A[i][j - k] + 1;
        // outer carried at symbolic distance k, inner independent
        for (int i = k; i < N; i++) // want remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 88, A[i - k][j] read at line 88: direction (!=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 0; j < N; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[i][j] = A[i - k][j] + 1;
    }
}

void three_deep(void) {
#pragma acc kernels // want remark:"Generating implicit copy(D[:][:][:]) [if not already present]" remark:"Generating implicit copy(C[:][:][:]) [if not already present]"
    {
        // all three levels independent
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            for (int j = 0; j < N; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop worker(4) /* threadIdx.y */"
                for (int k = 0; k < N; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(32) /* threadIdx.x */"
                    C[i][j][k] = D[i][j][k] * 2;
        // outermost carried (distance 1)
        for (int i = 1; i < N; i++) // want remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 104, C[i - 1][j][k] read at line 104: distance 1, direction (<,=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body"
            for (int j = 0; j < N; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
                for (int k = 0; k < N; k++) // want remark:"Loop is parallelizable" remark:"  /* collapsed */"
                    C[i][j][k] = C[i - 1][j][k] + D[i][j][k];
        // middle carried (distance 1)
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            for (int j = 1; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 109, C[i][j - 1][k] read at line 109: distance 1, direction (=,<,=)"
                for (int k = 0; k < N; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                    C[i][j][k] = C[i][j - 1][k] + D[i][j][k];
        // innermost carried (distance 1)
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            for (int j = 0; j < N; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                for (int k = 1; k < N; k++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 114, C[i][j][k - 1] read at line 114: distance 1, direction (=,=,<)"
                    C[i][j][k] = C[i][j][k - 1] + D[i][j][k];
        // middle anti-dependence (distance 1)
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            for (int j = 0; j < N - 1; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 119, C[i][j + 1][k] read at line 119: distance 1, direction (=,>,=)"
                for (int k = 0; k < N; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                    C[i][j][k] = C[i][j + 1][k] + D[i][j][k];
        // innermost carried at distance 2
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            for (int j = 0; j < N; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                for (int k = 2; k < N; k++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 124, C[i][j][k - 2] read at line 124: distance 2, direction (=,=,<)"
                    C[i][j][k] = C[i][j][k - 2] + D[i][j][k];
        // outermost anti-dependence at distance 2
        for (int i = 0; i < N - 2; i++) // want remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 129, C[i + 2][j][k] read at line 129: distance 2, direction (>,=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body"
            for (int j = 0; j < N; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
                for (int k = 0; k < N; k++) // want remark:"Loop is parallelizable" remark:"  /* collapsed */"
                    C[i][j][k] = C[i + 2][j][k] + D[i][j][k];
        // a 3-D stencil reading the three lower neighbours: every level carried
        for (int i = 1; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 134, C[i - 1][j][k] read at line 134: distance 1, direction (<,=,=)"
            for (int j = 1; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 134, C[i][j - 1][k] read at line 134: distance 1, direction (=,<,=)"
                for (int k = 1; k < N; k++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 134, C[i][j][k - 1] read at line 134: distance 1, direction (=,=,<)"
                    C[i][j][k] = C[i - 1][j][k] + C[i][j - 1][k] + C[i][j][k - 1];
        // reads from another array only: a stencil into D is independent at every level
        for (int i = 1; i < N - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            for (int j = 1; j < N - 1; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop worker(4) /* threadIdx.y */"
                for (int k = 1; k < N - 1; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(32) /* threadIdx.x */"
                    D[i][j][k] = C[i - 1][j][k] + C[i + 1][j][k] + C[i][j - 1][k] + C[i][j + 1][k] + C[i][j][k - 1] + C[i][j][k + 1];
    }
}
