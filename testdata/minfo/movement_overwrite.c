// minfo -acc=gpu -Minfo=accel
// Data-movement lint: an array a copyin or copy clause moves to the
// device that the construct overwrites before reading it. The values
// copied in are never seen: create (copyin) or copyout (copy) would skip
// the transfer. accc warns only when it proves every element of the
// section written, unconditionally, before any read.
#define N 64
#define M 32

// Warned: every element written by one unconditional store per
// iteration, and read only afterwards.
void warned(int n, int m, float *restrict a, float *restrict b, float *restrict c, float *restrict t) {
    // copy of an array the loop only writes: copyout would do.
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copy(b[:n]) [if not already present]" warning:"'b' is copied to and from the device but the construct writes every element before reading it; copyout(b[:n]) would skip the copy to the device"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = 2 * a[i];
    // A scratch array written, then read in the same iteration at the
    // same element.
#pragma acc parallel loop copyin(a[0:n], t[0:n]) copyout(c[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyin(t[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]" warning:"'t' is copied to the device but the construct writes every element before reading it; create(t[:n]) would skip the transfer"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        t[i] = a[i] * a[i];
        c[i] = t[i] + 1;
    }
    // A section that starts at 1, written by a loop from 1.
#pragma acc parallel loop copyin(b[1:n-1]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(b[1:n-1]) [if not already present]" warning:"'b' is copied to the device but the construct writes every element before reading it; create(b[1:n-1]) would skip the transfer"
    for (int i = 1; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = 0;
    // A flattened n x m array written by a gang-vector nest, read by a
    // later kernel of the kernels construct.
#pragma acc kernels copyin(t[0:n*m]) copy(c[0:n]) // want remark:"Generating copyin(t[:n*m]) [if not already present]" remark:"Generating copy(c[:n]) [if not already present]" warning:"'t' is copied to the device but the construct writes every element before reading it; create(t[:n*m]) would skip the transfer" warning:"'c' is copied to and from the device but the construct writes every element before reading it; copyout(c[:n]) would skip the copy to the device"
    {
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
            for (int j = 0; j < m; j++) // want remark:"Loop is parallelizable" remark:"  /* collapsed */"
                t[i * m + j] = i + j;
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            float s = 0;
            for (int j = 0; j < m; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:s)"
                s += t[i * m + j];
            c[i] = s;
        }
    }
}

// No restrict, but nothing else the construct reads may alias b.
void plain(int n, float *b) {
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]" warning:"'b' is copied to and from the device but the construct writes every element before reading it; copyout(b[:n]) would skip the copy to the device"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = i;
}

// A two-dimensional array named whole, written by a collapse(2) nest.
float g[N][M];
void whole(void) {
#pragma acc parallel loop collapse(2) copy(g) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(g[:][:]) [if not already present]" warning:"'g' is copied to and from the device but the construct writes every element before reading it; copyout(g[:][:]) would skip the copy to the device"
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < M; j++) // want remark:"  /* collapsed */"
            g[i][j] = i * j;
}

// Not warned: near misses.
void partial(int n, float *restrict a, float *restrict b) {
    // The loop misses b[0].
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]" remark:"Generating implicit copyin(a[1:n-1]) [if not already present]"
    for (int i = 1; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = a[i];
    // Every other element.
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]" remark:"Generating implicit copyin(a[:n]) [if not already present]"
    for (int i = 0; i < n; i += 2) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = a[i];
    // A bound the section does not name.
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]" remark:"Generating implicit copyin(a[:n-1]) [if not already present]"
    for (int i = 0; i < n - 1; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = a[i];
}

void conditional(int n, float *restrict a, float *restrict b) {
    // Written only where a[i] > 0: the others keep the values copied in.
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]" remark:"Generating implicit copyin(a[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        if (a[i] > 0)
            b[i] = a[i];
    // A continue may skip the store.
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]" remark:"Generating implicit copyin(a[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        if (a[i] < 0)
            continue;
        b[i] = a[i];
    }
}

void readfirst(int n, float *restrict a, float *restrict b, float *restrict c) {
    // A compound assignment reads b[i] first.
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]" remark:"Generating implicit copyin(a[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] += a[i];
    // Read before the store in the same iteration.
#pragma acc parallel loop copyin(b[0:n]) copyout(c[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]" remark:"Generating implicit copyin(a[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        c[i] = b[i];
        b[i] = a[i];
    }
    // b[i - 1] is another iteration's element: it may not be written yet (a race).
#pragma acc parallel loop copyin(b[0:n]) copyout(c[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]" remark:"Generating implicit copyin(a[1:n-1]) [if not already present]" warning:"iteration i writes b[i] (line 105), which iteration i + 1 reads as b[i - 1] (line 106)"
    for (int i = 1; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = a[i];
        c[i] = b[i - 1];
    }
    // An earlier kernel reads b.
#pragma acc kernels copyin(b[0:n]) copyout(c[0:n]) // want remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]" remark:"Generating implicit copyin(a[:n]) [if not already present]"
    {
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            c[i] = b[i];
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] = a[i];
    }
    // Two loops of one parallel construct are one kernel: a gang may
    // read b[n-1-i] before another gang writes it.
#pragma acc parallel copyin(b[0:n]) copyout(c[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]" remark:"Generating implicit copyin(a[:n]) [if not already present]"
    {
#pragma acc loop
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] = a[i];
#pragma acc loop
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            c[i] = b[n - 1 - i];
    }
}

void pointers(int n, int k, float *a, float *b, float *restrict c) {
    // a may point into b: a[i] may read an element not yet written.
#pragma acc parallel loop copyin(b[0:n], a[0:n]) copyout(c[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = 1;
        c[i] = a[i];
    }
    // The store goes through a pointer the code computes.
#pragma acc parallel loop copy(b[0:n], c[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]" remark:"Generating copy(c[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        (k ? b : c)[i] = 0;
    // A read through a pointer the code computes may reach b[n - 1 - i],
    // which another iteration writes.
#pragma acc parallel loop copyin(a[0:n], b[0:n]) copyout(c[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        b[i] = 1;
        c[i] = (k ? a : b)[n - 1 - i];
    }
    // Through a pointer the region declares.
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        float *p = b;
        p[i] = 0;
    }
}

// The store is in a loop that may run no iteration.
void mayskip(int n, int k, int steps, float *restrict a, float *restrict b, float *restrict c) {
#pragma acc kernels copyin(a[0:n], b[0:n]) copyout(c[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]"
    {
        if (k) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated"
            for (int i = 0; i < n; i++) // want remark:"#pragma acc loop seq"
                b[i] = 0;
        }
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            c[i] = b[i];
    }
#pragma acc kernels copyin(a[0:n], b[0:n]) copyout(c[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(c[:n]) [if not already present]"
    {
        for (int t = 0; t < steps; t++) // want remark:"Loop carried dependence of b prevents parallelization" remark:"  b[i] written at line 170, b[i] written at line 170: direction (!=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                b[i] = a[i] + t;
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            c[i] = b[i];
    }
}

// Triangular: j's bounds depend on i.
void triangle(int n, float *restrict b) {
#pragma acc parallel loop copy(b[0:n*n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n*n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j <= i; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            b[i * n + j] = 0;
}
