// minfo -acc=gpu -Minfo=accel
// Dependence-analysis corpus in parallel constructs: loops marked auto,
// whose schedule the compiler chooses after the dependence tests, and loops
// without a directive inside a parallel loop (autopar: the compiler may
// partition them when it proves them independent).
#define N 64
#define M 256
float a1[M], b1[M];
float A[M][M], B[M][M];
float C[N][N][N], D[N][N][N];

void auto_loops(void) {
#pragma acc parallel // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(b1[:]) [if not already present]" remark:"Generating implicit copy(a1[:]) [if not already present]"
    {
        // auto, 1-D independent
#pragma acc loop auto
        for (int i = 0; i < M; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a1[i] = b1[i] + 1;
    }
#pragma acc parallel // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(b1[:]) [if not already present]"
    {
        // auto, 1-D anti-dependence (alone in its construct: one gang runs it)
#pragma acc loop auto
        for (int i = 0; i < M - 1; i++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of b1 prevents parallelization" remark:"  b1[i] written at line 25, b1[i + 1] read at line 25: distance 1, direction (>)"
            b1[i] = b1[i + 1] * 0.5f;
    }
#pragma acc parallel // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(A[:][:]) [if not already present]" remark:"Generating implicit copyin(B[:][:]) [if not already present]"
    {
        // auto on both levels: the outer carries the dependence, the inner is independent
#pragma acc loop auto
        for (int i = 1; i < M; i++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 34, A[i - 1][j] read at line 34: distance 1, direction (<,=)"
#pragma acc loop auto
            for (int j = 0; j < M; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                A[i][j] = A[i - 1][j] + B[i][j];
    }
#pragma acc parallel // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(A[:][:]) [if not already present]" remark:"Generating implicit copyin(B[:][:]) [if not already present]"
    {
        // auto on both levels: the inner carries the dependence
#pragma acc loop auto
        for (int i = 0; i < M; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
#pragma acc loop auto
            for (int j = 1; j < M; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 43, A[i][j - 1] read at line 43: distance 1, direction (=,<)"
                A[i][j] = A[i][j - 1] + B[i][j];
    }
#pragma acc parallel // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(C[:][:][:]) [if not already present]" remark:"Generating implicit copyin(D[:][:][:]) [if not already present]"
    {
        // auto on three levels, the middle one carried
#pragma acc loop auto
        for (int i = 0; i < N; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop auto
            for (int j = 1; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 54, C[i][j - 1][k] read at line 54: distance 1, direction (=,<,=)"
#pragma acc loop auto
                for (int k = 0; k < N; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                    C[i][j][k] = C[i][j - 1][k] + D[i][j][k];
    }
}

void gang_then_auto(void) {
#pragma acc parallel loop gang // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    // a gang loop around an auto loop that is independent
    for (int i = 0; i < M; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop auto
        for (int j = 0; j < M; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            A[i][j] = B[i][j] * 2;
    }
#pragma acc parallel loop gang // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    // a gang loop around an auto loop that carries a dependence
    for (int i = 0; i < M; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop auto
        for (int j = 2; j < M; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 71, A[i][j - 2] read at line 71: distance 2, direction (=,<)"
            A[i][j] = A[i][j - 2] + 1;
    }
}

void autopar(void) {
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    // the inner loop is independent: it becomes the vector loop
    for (int i = 0; i < M; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j < M; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            A[i][j] = B[i][j] + i;
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(A[:][:]) [if not already present]" remark:"Generating implicit copyin(B[:][:]) [if not already present]"
    // the inner loop carries a dependence: it runs in each thread
    for (int i = 0; i < M; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        for (int j = 1; j < M; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 85, A[i][j - 1] read at line 85: distance 1, direction (=,<)"
            A[i][j] = A[i][j - 1] * 0.5f + B[i][j];
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(C[:][:][:]) [if not already present]" remark:"Generating implicit copyin(D[:][:][:]) [if not already present]"
    // three levels: the middle carries a dependence, the innermost is independent
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 1; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 91, C[i][j - 1][k] read at line 91: distance 1, direction (=,<,=)"
            for (int k = 0; k < N; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                C[i][j][k] = C[i][j - 1][k] + D[i][j][k];
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(C[:][:][:]) [if not already present]" remark:"Generating implicit copyin(D[:][:][:]) [if not already present]"
    // three levels: the middle is independent, the innermost carries a dependence
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j < N; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            for (int k = 1; k < N; k++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of C prevents parallelization" remark:"  C[i][j][k] written at line 97, C[i][j][k - 1] read at line 97: distance 1, direction (=,=,<)"
                C[i][j][k] = C[i][j][k - 1] + D[i][j][k];
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(A[:][:]) [if not already present]" remark:"Generating implicit copy(b1[:]) [if not already present]"
    // an inner sum into a scalar local to the gang loop's body: a vector reduction
    for (int i = 0; i < M; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        float s = 0;
        for (int j = 0; j < M; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:s)"
            s += A[i][j];
        b1[i] = s;
    }
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(A[:][:]) [if not already present]" remark:"Generating implicit copy(b1[:]) [if not already present]"
    // an inner maximum: a vector reduction
    for (int i = 0; i < M; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        float m = -1e30f;
        for (int j = 0; j < M; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(max:m)"
            if (A[i][j] > m)
                m = A[i][j];
        b1[i] = m;
    }
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    // a scalar of the gang body written first in each inner iteration: private to it
    for (int i = 0; i < M; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        float t;
        for (int j = 0; j < M; j++) { // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            t = B[i][j] * 2;
            A[i][j] = t * t;
        }
    }
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(A[:][:]) [if not already present]" remark:"Generating implicit copy(b1[:]) [if not already present]"
    // an inner conditional count into a scalar local to the gang loop's body: a vector reduction
    for (int i = 0; i < M; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        int c = 0;
        for (int j = 0; j < M; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:c)"
            if (A[i][j] > 0)
                c++;
        b1[i] = c;
    }
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    // a scalar of the gang body written on both branches in each inner iteration: private to it
    for (int i = 0; i < M; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        float t;
        for (int j = 0; j < M; j++) { // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            if (B[i][j] > 0)
                t = B[i][j];
            else
                t = -B[i][j];
            A[i][j] = t * 2;
        }
    }
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    // a scan inside each row: the running value is carried
    for (int i = 0; i < M; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        float run = 0;
        for (int j = 0; j < M; j++) { // want remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for run at line 150,151"
            run += B[i][j];
            A[i][j] = run;
        }
    }
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    // an inner loop shorter than a warp runs in each thread
    for (int i = 0; i < M; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < 4; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
            A[i][j] = B[i][j];
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(A[:][:]) [if not already present]" remark:"Generating implicit copyin(B[:][:]) [if not already present]"
    // an inner indirect store
    for (int i = 0; i < M; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < M; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][(int)B[i][j] % 256] written at line 163, A[i][(int)B[i][j] % 256] written at line 163"
            A[i][(int)B[i][j] % M] = j;
}
