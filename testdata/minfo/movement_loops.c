// minfo -acc=gpu -Minfo=accel
// Data-movement lint in host loops: a data construct around the loop
// is suggested only where it keeps the program's meaning. The pointer
// and the section's bounds must keep their values in the loop, the host
// must not touch the data in it (nor through another name, nor in a
// call that may reach them), and the other compute constructs of the
// loop must use the data in ways a data construct keeps. The suggestion
// names the outermost loop around which the data can stay.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern void report(int t);
extern void check(float *x, int n);
int size;

// Warned: nested loops in which nothing changes the section: the
// outermost loop. A call cannot reach a restrict parameter's data.
void outer(int n, int m, float *restrict a, int steps) {
    for (int t = 0; t < steps; t++) {
        for (int s = 0; s < m; s++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]" warning:"'a' is copied to and from the device in every iteration of the loop at line 20; a '#pragma acc data copy(a[:n])' around that loop would move it once"
            for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                a[i] += s;
        }
        report(t);
    }
}

// Warned: the section moves with the outer loop's index: the inner loop.
void rows(int n, int m, float *restrict a, int steps) {
    for (int r = 0; r < m; r++) {
        for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[r*n:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[r*n:n]) [if not already present]" warning:"'a' is copied to and from the device in every iteration of the loop at line 33; a '#pragma acc data copy(a[r*n:n])' around that loop would move it once"
            for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                a[r * n + i] += t;
        }
    }
}

// Warned: the host reads the data in the outer loop only: the inner loop.
void between(int n, int m, float *restrict a, float *restrict out, int steps) {
    for (int t = 0; t < steps; t++) {
        for (int s = 0; s < m; s++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]" warning:"'a' is copied to and from the device in every iteration of the loop at line 44; a '#pragma acc data copy(a[:n])' around that loop would move it once"
            for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                a[i] += s;
        }
        out[t] = a[0];
    }
}

// Warned: a while loop, and an allocation that only this pointer
// reaches: a call in the loop cannot touch it.
void fresh(int n, int steps) {
    double *p = malloc(n * sizeof *p);
    int t = 0;
    while (t < steps) {
#pragma acc parallel loop copy(p[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(p[:n]) [if not already present]" warning:"'p' is copied to and from the device in every iteration of the loop at line 58; a '#pragma acc data copy(p[:n])' around that loop would move it once"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            p[i] += t;
        report(t);
        t++;
    }
    free(p);
}

// Warned: two constructs pass the data to each other on the device; the
// data construct copies each array both ways, for both constructs.
void jacobi(int n, float *restrict a, float *restrict b, int steps) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" warning:"'a' is copied to the device in every iteration of the loop at line 71; a '#pragma acc data copy(a[:n])' around that loop would move it once" warning:"'b' is copied from the device in every iteration of the loop at line 71; a '#pragma acc data copy(b[:n])' around that loop would move it once"
        for (int i = 1; i < n - 1; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] = (a[i - 1] + a[i + 1]) / 2;
#pragma acc parallel loop copyin(b[0:n]) copyout(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(a[:n]) [if not already present]" warning:"'b' is copied to the device in every iteration of the loop at line 71; a '#pragma acc data copy(b[:n])' around that loop would move it once" warning:"'a' is copied from the device in every iteration of the loop at line 71; a '#pragma acc data copy(a[:n])' around that loop would move it once"
        for (int i = 1; i < n - 1; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = b[i];
    }
}

// Warned: the other construct uses the data implicitly.
void implicit(int n, float *restrict a, float *restrict b, int steps) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copy(b[:n]) [if not already present]" warning:"'a' is copied to the device in every iteration of the loop at line 83; a '#pragma acc data copy(a[:n])' around that loop would move it once" warning:"'b' is copied to and from the device in every iteration of the loop at line 83; a '#pragma acc data copy(b[:n])' around that loop would move it once"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += a[i];
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(b[:n]) [if not already present]" remark:"Generating implicit copyout(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = b[i] * 2; // want warning:"'a' is copied from the device in every iteration of the loop at line 83; a '#pragma acc data copy(a[:n])' around that loop would move it once" warning:"'b' is copied to the device in every iteration of the loop at line 83; a '#pragma acc data copy(b[:n])' around that loop would move it once"
    }
}

// Warned: the other construct names the same section, spelled
// otherwise.
void spelled(int n, float *restrict a, float *restrict b, int steps) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]" warning:"'a' is copied to and from the device in every iteration of the loop at line 96; a '#pragma acc data copy(a[:n])' around that loop would move it once"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
#pragma acc parallel loop copyin(a[:n]) copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copy(b[:n]) [if not already present]" warning:"'a' is copied to the device in every iteration of the loop at line 96; a '#pragma acc data copy(a[:n])' around that loop would move it once" warning:"'b' is copied to and from the device in every iteration of the loop at line 96; a '#pragma acc data copy(b[:n])' around that loop would move it once"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += a[i];
    }
}

// Quiet: the pointers change in the loop, after the construct.
void swap(int n, float *a, float *b, int steps) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copy(b[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += a[i];
        float *tmp = a;
        a = b;
        b = tmp;
    }
}

// Quiet: the section's bound changes in the loop, before or after the
// construct.
void shrink(int n, float *restrict a, int steps) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += t;
        n--;
    }
    for (int t = 0; t < steps; t++) {
        int m = n - t;
#pragma acc parallel loop copy(a[0:m]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:m]) [if not already present]"
        for (int i = 0; i < m; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += t;
    }
}

// Quiet: the data are allocated in the loop, or freed in it.
void freed(int n, int steps) {
    double *p;
    for (int t = 0; t < steps; t++) {
        p = malloc(n * sizeof *p);
#pragma acc parallel loop copyout(p[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyout(p[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            p[i] = t;
    }
    p = malloc(n * sizeof *p);
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(p[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(p[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            p[i] += t;
        if (t == steps - 1)
            free(p);
    }
}

// Quiet: the host reads the data after the construct, writes them
// before it, passes them to a function, tests them in the loop's
// condition, or updates them. (b, which the second loop's host code
// does not touch, is warned there.)
void touched(int n, float *restrict a, float *restrict b, float *restrict out, int steps) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += 1;
        out[t] = b[0];
    }
    for (int t = 0; t < steps; t++) {
        a[0] = t;
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copy(b[:n]) [if not already present]" warning:"'b' is copied to and from the device in every iteration of the loop at line 165; a '#pragma acc data copy(b[:n])' around that loop would move it once"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += a[i];
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += 1;
        check(b, n);
    }
    while (b[0] < 100) {
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += 1;
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += 1;
#pragma acc update self(b[0:1])
    }
}

// Quiet: the host reads the data through another pointer, and a call
// may reach data that pointers without restrict point to.
void aliased(int n, float *a, float *restrict b, float *restrict out, int steps) {
    float *q = b;
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(b[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += 1;
        out[t] = q[0];
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
        report(t);
    }
}

// Quiet: a global bound that a call may change. Warned without the call.
void global(float *restrict a, int steps) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:size]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:size]) [if not already present]"
        for (int i = 0; i < size; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
        report(t);
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:size]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:size]) [if not already present]" warning:"'a' is copied to and from the device in every iteration of the loop at line 216; a '#pragma acc data copy(a[:size])' around that loop would move it once"
        for (int i = 0; i < size; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
    }
}

// Quiet: the construct writes what it copies in (each iteration starts
// again from the host's values), may run on the host (if), or clears the
// device copy each time (zero); the loop returns from inside.
void semantics(int n, float *restrict a, float *restrict b, int steps, int gpu) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copyin(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) if(gpu) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copyout(zero: b[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyout(b[:n]) [if not already present]"
        for (int i = 0; i < n; i += 2) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] = t;
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
        if (t == gpu)
            return;
    }
}

// Quiet: another construct in the loop copies in data it writes (its
// writes are discarded each iteration), maps another section, or may run
// on the host.
void others(int n, float *restrict a, int steps, int gpu) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
#pragma acc parallel loop copyin(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] *= 2;
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
#pragma acc parallel loop copy(a[0:n/2]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n/2]) [if not already present]"
        for (int i = 0; i < n / 2; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] *= 2;
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) if(gpu) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] *= 2;
    }
}

// Warned: math and output functions in the loop touch only what their
// arguments point to; a call the loop makes through a pointer does not.
void library(int n, float *a, int steps, void (*hook)(int)) {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]" warning:"'a' is copied to and from the device in every iteration of the loop at line 284; a '#pragma acc data copy(a[:n])' around that loop would move it once"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
        printf("%d %f\n", t, sqrt((double)t));
        fprintf(stderr, "step %d\n", t);
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n]) [if not already present]"
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
        hook(t);
    }
}
