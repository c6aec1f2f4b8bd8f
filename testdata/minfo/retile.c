// minfo -acc=gpu -Minfo=loop
// A gang loop over i holding a vector loop over j whose bounds are a
// triangle (j <= i, j < i + c, j > i, j >= i - c) or a rectangle, around
// a product loop over k: the retile pass (opt/retile.go) makes them one
// nest of 2-D tiles over the rectangle that bounds the triangle, with a
// mask, and the k loop's operands staged. Then the cases that keep the
// program's schedule, one for each rule of the pass's legality.
#include <stdio.h>

void forms(int n, int m, double alpha, const double *restrict A, double *restrict C) {
    // syrk: the lower triangle, j <= i.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */" remark:"Loop nest re-tiled over the triangle j <= i: 32x8 tiles, A staged through shared memory"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"  /* collapsed */"
            double s = C[i * n + j];
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq" remark:"Staging A[i * m + k], A[j * m + k] through shared memory, 32 iterations at a time"
                s += alpha * A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // j < i + 1, from an offset.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n - 1; i++) { // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */" remark:"Loop nest re-tiled over the triangle j < i + 2: 32x8 tiles, A staged through shared memory"
#pragma acc loop vector
        for (int j = 0; j < i + 2; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq" remark:"Staging A[i * m + k], A[j * m + k] through shared memory, 32 iterations at a time"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // The upper triangle, j > i: the lower bound is i + 1.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */" remark:"Loop nest re-tiled over the triangle j >= i + 1: 32x8 tiles, A staged through shared memory"
#pragma acc loop vector
        for (int j = i + 1; j < n; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq" remark:"Staging A[i * m + k], A[j * m + k] through shared memory, 32 iterations at a time"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // A rectangle: no mask.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */" remark:"Loop nest re-tiled over the rectangle: 32x8 tiles, A staged through shared memory"
#pragma acc loop vector
        for (int j = 0; j < n; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq" remark:"Staging A[i * m + k], A[j * m + k] through shared memory, 32 iterations at a time"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
}

void kept(int n, int m, const double *restrict A, double *restrict C, double *restrict D) {
    // Correlation: a store before the vector loop, which the first
    // column's thread runs once for each row; no iteration of the row
    // reaches its element (j - i >= 1, and C[j*n + i] is (j - i)*n away).
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */" remark:"Loop nest re-tiled over the triangle j >= i + 1: 32x8 tiles, A staged through shared memory"
        C[i * n + i] = 1.0;
#pragma acc loop vector
        for (int j = i + 1; j < n; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq" remark:"Staging A[i * m + k], A[j * m + k] through shared memory, 32 iterations at a time"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
            C[j * n + i] = s;
        }
    }
    // A store to an element whose subscript does not use j.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n], D[0:n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
            D[i] = s;
        }
    }
    // The written array read at another element (the transposed one).
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j < i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = C[j * n + i];
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // A call with an effect.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
            if (s < 0)
                printf("negative\n");
        }
    }
    // An atomic update.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
#pragma acc atomic update
            C[i * n + j] += s;
        }
    }
    // A store through a pointer whose data may be anything.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            double *p = &C[i * n + j];
            *p = s;
        }
    }
}

void kept_once(int n, int m, const double *restrict A, double *restrict C, double *restrict D) {
    // The statement before the vector loop stores the element the row's
    // first iteration (j = i) stores.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        C[i * n + i] = 1.0;
#pragma acc loop vector
        for (int j = i; j < n; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[j * n + i] = s;
        }
    }
    // It reads an array the vector loop writes.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n], D[0:n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        D[i] = C[i * n + i];
#pragma acc loop vector
        for (int j = i + 1; j < n; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // The distance to the row's elements, (j - i)*m, is not known to be
    // nonzero (m is not the gang loop's bound).
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        C[i * m + i] = 1.0;
#pragma acc loop vector
        for (int j = i + 1; j < n; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[j * m + i] = s;
        }
    }
    // A declaration before the vector loop: a value the lanes would share.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        double d = A[i * m];
#pragma acc loop vector
        for (int j = i + 1; j < n; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = d;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
}

void bounds(int n, int m, const double *restrict A, double *restrict C) {
    // A bound of slope 2: the columns of the rectangle need not be
    // iterations of any row.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n / 2; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= 2 * i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // Both bounds depend on i: a band.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n - 4; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = i; j < i + 4; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // A step of 2.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j += 2) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // Counting down.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = i; j >= 0; j--) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // The k loop's bound depends on j: its chunks would differ by column.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < j % m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
}

void shapes(int n, int m, const double *restrict A, double *restrict C) {
    // No product loop: nothing to stage.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            C[i * n + j] = A[i * m] * A[j * m];
    }
    // Two product loops: stage.go stages one loop only.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k];
            C[i * n + j] = s;
        }
    }
    // The inner loop has no directive: its independence is the depend
    // pass's proof, not the program's assertion; its schedule stays.
#pragma acc parallel loop gang present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j <= i; j++) { // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // A kernels construct: the loops' independence is not asserted.
#pragma acc kernels present(A[0:n*m], C[0:n*n])
#pragma acc loop gang
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
    // A gang loop with a private clause.
    double x = 0;
#pragma acc parallel loop gang private(x) present(A[0:n*m], C[0:n*n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop vector
        for (int j = 0; j <= i; j++) { // want remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            double s = 0.0;
            for (int k = 0; k < m; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * m + k] * A[j * m + k];
            C[i * n + j] = s;
        }
    }
}
